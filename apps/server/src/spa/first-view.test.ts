import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptsAfterContent, withFirstView } from './first-view';

const INDEX = `<!doctype html><html><body>
    <div id="root"><div class="app-shell" aria-hidden="true"><span class="app-shell-mark"></span>Wavecast</div></div>
    <script type="module" src="/assets/index.js"></script>
  </body></html>`;

describe('first view in index.html', () => {
  it('replaces the static shell with the inert first view and puts its answers after #root', () => {
    const html = withFirstView(INDEX, { markup: '<main id="main">Home</main>', json: '{"/api/home":{}}' });
    expect(html).toContain(
      '<div id="root"><div class="first-view" inert aria-disabled="true"><main id="main">Home</main></div></div>' +
        '<script type="application/json" id="first-view-data">{"/api/home":{}}</script>',
    );
    expect(html).not.toContain('app-shell');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index.js"></script>');
  });

  it('loads the scripts of a page rendered on the server after its content (stylesheet, covers)', () => {
    const head =
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/HomePage.js" />' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
      '<link rel="preload" as="image" fetchpriority="high" href="/cover.webp" />';
    expect(scriptsAfterContent(head)).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/HomePage.js" />' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
        '<link rel="preload" as="image" fetchpriority="high" href="/cover.webp" />',
    );
    expect(scriptsAfterContent(scriptsAfterContent(head))).toBe(scriptsAfterContent(head));
  });

  it("matches the web's index.html shell", () => {
    const index = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    expect(withFirstView(index, { markup: 'X', json: '{}' })).toContain(
      '<div class="first-view" inert aria-disabled="true">X</div>',
    );
  });

  it('keeps `$` patterns in the markup literal', () => {
    expect(withFirstView(INDEX, { markup: "$& $' $1", json: '{}' })).toContain("$& $' $1");
  });
});
