import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bootChunks,
  FIRST_PAINT_ROUTES,
  firstPaintHints,
  firstViewData,
  pageChunks,
  SESSION_URL,
  withFirstPaint,
} from './first-paint';

// A manifest shaped like Vite's: the entry imports react; Home imports a shared grid that imports react too.
const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_grid.js': { file: 'assets/grid-c.js', imports: ['_react.js', '_cover.js'] },
  '_cover.js': { file: 'assets/cover-d.js' },
  'src/features/discovery/pages/HomePage.tsx': { file: 'assets/HomePage-e.js', imports: ['_grid.js'] },
  'src/features/tracks/pages/AudioDetailPage.tsx': { file: 'assets/Audio-f.js', imports: ['_react.js'] },
};

describe('first paint hints', () => {
  it("preloads a page's chunks the entry does not load already, transitively", () => {
    expect(pageChunks(manifest, 'src/features/discovery/pages/HomePage.tsx')).toEqual([
      '/assets/HomePage-e.js',
      '/assets/grid-c.js',
      '/assets/cover-d.js',
    ]);
  });

  it("preloads the boot stages the entry imports dynamically, with their chunks, before the page's", () => {
    const staged = {
      ...manifest,
      'index.html': {
        ...manifest['index.html'],
        dynamicImports: ['src/boot/routes.ts', 'src/boot/app.ts', 'src/features/settings/pages/SettingsPage.tsx'],
      },
      'src/boot/routes.ts': { file: 'assets/routes-g.js', imports: ['_react.js', '_grid.js'] },
      'src/boot/app.ts': { file: 'assets/App-h.js', imports: ['src/boot/routes.ts'] },
      'src/features/settings/pages/SettingsPage.tsx': { file: 'assets/Settings-i.js' },
    };
    expect(bootChunks(staged)).toEqual([
      '/assets/routes-g.js',
      '/assets/grid-c.js',
      '/assets/cover-d.js',
      '/assets/App-h.js',
    ]);
    // The page's own chunks follow, each once.
    expect(pageChunks(staged, 'src/features/discovery/pages/HomePage.tsx')).toEqual([
      '/assets/routes-g.js',
      '/assets/grid-c.js',
      '/assets/cover-d.js',
      '/assets/App-h.js',
      '/assets/HomePage-e.js',
    ]);
    // A page without a first view starts with the same stages; other lazy modules load on demand.
    expect(firstPaintHints(staged, '/settings').chunks).toEqual(bootChunks(staged));
    expect(bootChunks(manifest)).toEqual([]);
  });

  it('preloads the session check and the exact URLs the page queries', () => {
    expect(firstPaintHints(manifest, '/').data).toEqual([SESSION_URL, '/api/home']);
    expect(firstPaintHints(manifest, '/explore').data).toEqual([
      SESSION_URL,
      '/api/explore/live',
      '/api/explore/tracks?sort=recent',
    ]);
    // Filters change the URLs: only the chunk and the session.
    expect(firstPaintHints(manifest, '/explore?sort=popular').data).toEqual([SESSION_URL]);
    const audio = firstPaintHints(manifest, '/audio/a%20b');
    expect(audio.data).toEqual([SESSION_URL, '/api/tracks/a%20b']);
    expect(audio.chunks).toEqual(['/assets/Audio-f.js']);
    expect(firstPaintHints(manifest, '/profile/u1?tab=tracks').data).toEqual([
      SESSION_URL,
      '/api/profiles/u1',
      '/api/profiles/u1/tracks',
    ]);
    expect(firstPaintHints(manifest, '/profile/listener/u1')).toEqual({ chunks: [], data: [SESSION_URL] });
    expect(firstPaintHints(manifest, '/audio/%E0%A4%A')).toEqual({ chunks: [], data: [SESSION_URL] });
    expect(firstPaintHints(null, '/')).toEqual({ chunks: [], data: [SESSION_URL, '/api/home'] });
  });

  it('names the answers a first view is rendered from: the same URLs, without the session check', () => {
    expect(firstViewData('/')).toEqual(['/api/home']);
    expect(firstViewData('/audio/a%20b?t=30')).toEqual(['/api/tracks/a%20b']);
    expect(firstViewData('/profile/u1')).toEqual(['/api/profiles/u1', '/api/profiles/u1/tracks']);
    // No first view: filtered Explore, other pages, a bad escape.
    expect(firstViewData('/explore?sort=popular')).toEqual([]);
    expect(firstViewData('/support')).toEqual([]);
    expect(firstViewData('/audio/%E0%A4%A')).toEqual([]);
  });

  it("preloads the page's largest cover with the srcset and sizes its <img> has", () => {
    const cover = '/api/tracks/t1/cover?v=abc';
    expect(firstPaintHints(manifest, '/audio/t1', cover).image).toEqual({
      href: cover,
      srcset: `${cover}&size=96 96w, ${cover}&size=320 320w, ${cover}&size=640 640w`,
      sizes: '288px',
    });
    // The default cover has one size; other pages name no cover.
    expect(firstPaintHints(manifest, '/', '/default-cover.svg').image).toEqual({ href: '/default-cover.svg' });
    expect(firstPaintHints(manifest, '/support', cover).image).toBeUndefined();
    const html = withFirstPaint('<head><meta charset="UTF-8" />', firstPaintHints(manifest, '/audio/t1', cover));
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/api/tracks/t1/cover?v=abc" imagesrcset="/api/tracks/t1/cover?v=abc&amp;size=96 96w,`,
    );
  });

  it('writes the links right after the charset, escaped', () => {
    const html = '<!doctype html><html><head>\n<meta charset="UTF-8" />\n<title>x</title></head></html>';
    const out = withFirstPaint(html, { chunks: ['/assets/a.js'], data: ['/api/x?a=1&b="2"'] });
    expect(out).toContain(
      '<meta charset="UTF-8" />\n    <link rel="preload" as="fetch" crossorigin href="/api/x?a=1&amp;b=&quot;2&quot;" />\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js" />\n<title>',
    );
  });

  it('names page modules that exist and that the web routes lazy-import', () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    const routes = fs.readFileSync(path.join(web, 'src/routes.tsx'), 'utf8');
    for (const r of FIRST_PAINT_ROUTES) {
      expect(fs.existsSync(path.join(web, r.page))).toBe(true);
      expect(routes).toContain(`import('./${r.page.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});
