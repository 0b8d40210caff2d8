import fs from 'node:fs';
import path from 'node:path';
import { CARD_COVER_SIZES, coverSrcSet, DETAIL_COVER_SIZES } from '@wavecast/shared';
import { escHtml } from '../lib/html';

/**
 * First paint without a chain (ADR 0022): the HTML of a page names what its first view needs, so
 * the browser fetches it all at once instead of script -> session -> route chunk -> data:
 * - `<link rel="modulepreload">` for the page's route chunk and the chunks it imports (from Vite's
 *   build manifest), beside the entry's own (Vite writes those into index.html);
 * - `<link rel="preload" as="fetch" crossorigin>` for the session check and the page's first API
 *   requests: the very URLs the client's queries ask for, with the same mode and credentials
 *   (lib/api.ts: a same-origin `fetch`, `credentials: 'same-origin'` = `crossorigin="anonymous"`),
 *   so the browser hands the preloaded answers to those fetches;
 * - `<link rel="preload" as="image">` for the page's largest cover when the server knows it without
 *   work of its own (spa/lcp-cover.ts), with the srcset and sizes the page's `<img>` has.
 */

/** The session check every page waits for before it renders its route (web features/auth/session.tsx). */
export const SESSION_URL = '/api/me';

interface FirstPaintRoute {
  /** The path (no query string) this row serves. */
  pattern: RegExp;
  /** The page's module in apps/web, as the manifest names it (web routes.tsx lazy-imports it). */
  page: string;
  /** The API URLs its first view requests: exactly as the web queries build them. */
  data: (params: string[], search: URLSearchParams) => string[];
  /** The `sizes` of the page's largest cover (its LCP element on a phone). */
  coverSizes?: string;
}

const enc = encodeURIComponent;

/** The public pages people land on (Home, Explore, an audio page, a profile). */
export const FIRST_PAINT_ROUTES: FirstPaintRoute[] = [
  {
    pattern: /^\/$/,
    page: 'src/features/discovery/pages/HomePage.tsx',
    data: () => ['/api/home'],
    coverSizes: CARD_COVER_SIZES,
  },
  {
    pattern: /^\/explore\/?$/,
    page: 'src/features/discovery/pages/ExplorePage.tsx',
    // Plain /explore only (filters in the query string change the URLs; the chunk still helps).
    data: (_, search) => (search.size ? [] : ['/api/explore/live', '/api/explore/tracks?sort=recent']),
    coverSizes: CARD_COVER_SIZES,
  },
  {
    pattern: /^\/audio\/([^/]+)\/?$/,
    page: 'src/features/tracks/pages/AudioDetailPage.tsx',
    data: ([id]) => [`/api/tracks/${enc(id)}`],
    coverSizes: DETAIL_COVER_SIZES,
  },
  {
    pattern: /^\/profile\/([^/]+)\/?$/,
    page: 'src/features/profiles/pages/CreatorProfilePage.tsx',
    // The tracks tab opens first (web CreatorProfilePage), its first page without a cursor.
    data: ([id]) => [`/api/profiles/${enc(id)}`, `/api/profiles/${enc(id)}/tracks`],
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Every chunk `key` loads (itself and its static imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/** Where the web's boot stages live (apps/web/src/boot/): the modules main.tsx imports dynamically, in order. */
const BOOT_STAGES = 'src/boot/';

/**
 * The chunks the app starts with that Vite's own preloads (the entry's static imports, written into
 * index.html) leave out: the boot stages the entry imports dynamically (web main.tsx, ADR 0059),
 * each evaluated in its own task, but all needed at once. Its other dynamic imports load on demand.
 */
export function bootChunks(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) return [];
  const loaded = closure(manifest, entry);
  const boot = new Set<string>();
  for (const stage of manifest[entry].dynamicImports ?? [])
    if (stage.startsWith(BOOT_STAGES)) closure(manifest, stage, boot);
  return [...boot].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k].file}`);
}

/** The chunks a page starts with beyond the entry's (whose preloads Vite wrote): the boot stages', then its route's. */
export function pageChunks(manifest: Manifest, page: string): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const boot = bootChunks(manifest);
  const route = [...closure(manifest, page)].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k].file}`);
  return [...new Set([...boot, ...route])];
}

export interface FirstPaintHints {
  chunks: string[];
  data: string[];
  image?: { href: string; srcset?: string; sizes?: string };
}

/** A request's row of FIRST_PAINT_ROUTES with its decoded path parameters; null: none, or a bad escape. */
function routeOf(url: string): { route: FirstPaintRoute; params: string[]; search: URLSearchParams } | null {
  const [pathname, query = ''] = url.split('?', 2);
  for (const route of FIRST_PAINT_ROUTES) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    try {
      return { route, params: m.slice(1).map((p) => decodeURIComponent(p)), search: new URLSearchParams(query) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The API URLs a page's first view requests (none for other pages): what its first view is rendered from. */
export function firstViewData(url: string): string[] {
  const hit = routeOf(url);
  return hit ? hit.route.data(hit.params, hit.search) : [];
}

/** The hints of a request's page; `cover`: its largest cover's URL, when known (spa/lcp-cover.ts). */
export function firstPaintHints(manifest: Manifest | null, url: string, cover: string | null = null): FirstPaintHints {
  const hit = routeOf(url);
  if (!hit) return { chunks: manifest ? bootChunks(manifest) : [], data: [SESSION_URL] };
  const { route } = hit;
  const srcset = cover ? coverSrcSet(cover) : undefined;
  return {
    chunks: manifest ? pageChunks(manifest, route.page) : [],
    data: [SESSION_URL, ...route.data(hit.params, hit.search)],
    ...(cover && route.coverSizes
      ? { image: { href: cover, ...(srcset ? { srcset, sizes: route.coverSizes } : {}) } }
      : {}),
  };
}

/**
 * index.html with a page's hints early in its head (before the entry script and styles), after the
 * charset declaration (which must stay within the first 1024 bytes).
 */
export function withFirstPaint(html: string, hints: FirstPaintHints): string {
  const { image } = hints;
  const tags = [
    ...hints.data.map((u) => `<link rel="preload" as="fetch" crossorigin href="${escHtml(u)}" />`),
    ...(image
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${escHtml(image.href)}"` +
            (image.srcset ? ` imagesrcset="${escHtml(image.srcset)}" imagesizes="${escHtml(image.sizes ?? '')}"` : '') +
            ' />',
        ]
      : []),
    ...hints.chunks.map((u) => `<link rel="modulepreload" crossorigin href="${escHtml(u)}" />`),
  ];
  if (!tags.length) return html;
  const anchor = /<meta charset[^>]*>/i.test(html) ? /<meta charset[^>]*>/i : /<head[^>]*>/i;
  return html.replace(anchor, (m) => `${m}\n    ${tags.join('\n    ')}`);
}

/** Reads Vite's manifest of a build (build.manifest in apps/web/vite.config.ts), once per build. */
export function manifestReader(dist: string): () => Manifest | null {
  const file = path.join(dist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
    }
    return cached.manifest;
  };
}
