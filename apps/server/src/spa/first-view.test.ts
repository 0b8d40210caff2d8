import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
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
