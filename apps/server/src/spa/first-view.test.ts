import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, AFTER_PAINT_LOADER_CSP, scriptsAfterPaint } from './after-paint';
import { withFirstView } from './first-view';

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
    expect(html).toContain(
      `<template data-after-paint><script type="module" src="/assets/index.js"></script></template><script>${AFTER_PAINT_LOADER}</script></body>`,
    );
  });

  it('requests the scripts of a page rendered on the server after its first paint, all at once', () => {
    const html =
      '<head><link rel="preload" as="image" fetchpriority="high" href="/cover.webp" />' +
      '<link rel="modulepreload" crossorigin href="/assets/HomePage.js" />\n    ' +
      '<script type="module" crossorigin src="/assets/index.js"></script>\n    ' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body>';
    expect(scriptsAfterPaint(html)).toBe(
      '<head><link rel="preload" as="image" fetchpriority="high" href="/cover.webp" />' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div>' +
        '<template data-after-paint><link rel="modulepreload" crossorigin href="/assets/HomePage.js" />' +
        '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react.js"></template>' +
        `<script>${AFTER_PAINT_LOADER}</script></body>`,
    );
    // Nothing to move: unchanged.
    expect(scriptsAfterPaint('<body></body>')).toBe('<body></body>');
  });

  it('allows the loader, and only it, by its hash in the CSP', () => {
    expect(AFTER_PAINT_LOADER_CSP).toBe(`'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`);
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
