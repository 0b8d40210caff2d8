import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// The built web app as the build leaves it: text files with .br and .gz copies beside them.
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  const files = {
    'index.html': '<!doctype html><head><meta charset="UTF-8" /></head><div id="root"></div>',
    'assets/app-1a2b.js': script,
  };
  for (const [name, body] of Object.entries(files)) {
    await fs.writeFile(path.join(dist, name), body);
    await fs.writeFile(path.join(dist, `${name}.br`), brotliCompressSync(body));
    await fs.writeFile(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app', () => {
  it('sends the precompressed copy a browser accepts, Brotli first', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect((await get('/assets/app-1a2b.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    expect((await get('/assets/app-1a2b.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await get('/explore/some/deep/link', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("preloads a page's first requests with its HTML (ADR 0022), compressed as the browser accepts", async () => {
    const home = await get('/', 'gzip, br');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers.vary).toBe('Accept-Encoding');
    const html = (await get('/')).body;
    expect(html).toContain(
      '<meta charset="UTF-8" />\n    <link rel="preload" as="fetch" crossorigin href="/api/me" />\n' +
        '    <link rel="preload" as="fetch" crossorigin href="/api/home" />',
    );
    expect((await get('/explore', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/profile/u%201')).body).toContain('href="/api/profiles/u%201/tracks"');
  });
});
