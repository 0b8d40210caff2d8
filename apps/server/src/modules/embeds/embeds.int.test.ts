import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { dimensionsOf } from '../../../test/images';
import { users } from '../../db/schema';
import { audioPart, makeAudio, multipartBody } from '../tracks/testing';

let t: TestApp;
let creator: TestUser;
let dir: string;
let publicId: string;
let privateId: string;
const PUBLIC_URL = 'http://localhost:3000';
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Wavecast: upload audio." /><title>Wavecast</title></head><body><div id="root"></div></body></html>`;

async function upload(fields: Record<string, string>, file: string) {
  const { body, contentType } = multipartBody(fields, [await audioPart(file, 'tone.mp3', 'audio/mpeg')]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: creator.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track.id as string;
}

/** The content of a meta tag (property= or name=), decoded the way a crawler would. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m?.[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-embeds-'));
  const web = path.join(dir, 'web');
  await fs.mkdir(path.join(web, 'embed-player', 'assets'), { recursive: true });
  await fs.writeFile(path.join(web, 'index.html'), INDEX);
  await fs.writeFile(path.join(web, 'embed-player', 'assets', 'player-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(web, 'embed-player', 'assets', 'player-abc123.css'), 'body{}');
  t = await createTestApp({ PUBLIC_URL, WEB_DIST: web, MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  creator = await signUp(t, { role: 'creator', name: 'Bo "The" <Host>' });
  const tone = await makeAudio(dir, 'mp3', 2);
  publicId = await upload({ title: 'Night <script>alert(1)</script> & "Day"', description: 'Hi' }, tone);
  privateId = await upload({ title: 'Hidden', isPublic: 'false' }, tone);
  await t.ctx.jobs.drain();
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('share cards', () => {
  it('a GET of /audio/:id answers the app with og:title, og:image, og:audio and the creator, escaped', async () => {
    const res = await t.app.inject({ url: `/audio/${publicId}`, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<script>alert(1)');
    expect(meta(html, 'og:title')).toBe('Night <script>alert(1)</script> & "Day"');
    // No cover: the default, as a PNG other sites may show (social cards take no SVG).
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/default-cover.png`);
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/default-cover.png`);
    expect(meta(html, 'og:audio')).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/api/podcasts/enclosures/${publicId}/night-script-alert-1-script-day-${publicId}[.]m4a[?]v=`,
      ),
    );
    expect(meta(html, 'og:audio:type')).toBe('audio/mp4');
    expect(meta(html, 'twitter:title')).toBe('Night <script>alert(1)</script> & "Day"');
    expect(meta(html, 'author')).toBe('Bo "The" <Host>');
    // One title and one description: the card's replace the app's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // oEmbed discovery.
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${PUBLIC_URL}/api/oembed?format=json&amp;url=${encodeURIComponent(`${PUBLIC_URL}/audio/${publicId}`)}"`,
    );
    // The same for a browser (it is the same document).
    const browser = await t.app.inject({ url: `/audio/${publicId}`, headers: { 'user-agent': 'Mozilla/5.0 Chrome' } });
    expect(browser.body).toBe(html);
  });

  it('the profile page carries the creator feed as <link rel="alternate">', async () => {
    const html = (await t.app.inject({ url: `/profile/${creator.id}` })).body;
    expect(meta(html, 'og:title')).toBe('Bo "The" <Host>');
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${PUBLIC_URL}/feeds/creators/${creator.id}.xml"`,
    );
  });

  it('hidden or unknown things get the plain app, no card', async () => {
    for (const url of [
      `/audio/${privateId}`,
      '/audio/not-a-uuid',
      `/playlist/${privateId}`,
      `/live/${privateId}`,
      '/profile/nobody',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      // The app's own title and description, no card (first-paint preloads aside, ADR 0022).
      expect(res.body, url).not.toContain('og:');
      expect(res.body.replace(/\s*<link rel="(?:preload|modulepreload)"[^>]*>/g, ''), url).toBe(INDEX);
    }
  });
});

describe('embeds', () => {
  it('a public track: the player page, framable by anyone; other pages stay unframeable', async () => {
    const res = await t.app.inject({ url: `/embed/track/${publicId}?theme=light` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('data-theme="light"');
    expect(res.body).toContain('<script type="module" src="/embed-player/assets/player-abc123.js"></script>');
    expect(res.body).not.toContain('<script>alert(1)');
    const json = /<script id="wavecast-embed-data" type="application\/json">(.*)<\/script>/.exec(res.body)?.[1] ?? '';
    const data = JSON.parse(json);
    expect(data.tracks[0]).toMatchObject({ id: publicId, title: 'Night <script>alert(1)</script> & "Day"' });
    expect(data.tracks[0].streamUrl).toMatch(new RegExp(`^/api/tracks/${publicId}/stream\\?v=`));
    // A bad theme is the default one, not an error.
    expect((await t.app.inject({ url: `/embed/track/${publicId}?theme=<x>` })).body).toContain('data-theme="dark"');

    const app = await t.app.inject({ url: `/audio/${publicId}` });
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(app.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a private track, a missing one, a private playlist: 404 in the frame', async () => {
    for (const url of [`/embed/track/${privateId}`, '/embed/track/nope', `/embed/playlist/${privateId}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Audio not found');
      expect(res.body).not.toContain('Hidden');
    }
  });

  it('a public playlist embeds its public tracks only', async () => {
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: creator.cookie },
        payload: { name: 'Mix', isPublic: true },
      })
    ).json();
    for (const trackId of [publicId, privateId]) {
      await t.app.inject({
        method: 'POST',
        url: `/api/playlists/${p.id}/tracks`,
        headers: { cookie: creator.cookie },
        payload: { trackId },
      });
    }
    const res = await t.app.inject({ url: `/embed/playlist/${p.id}` });
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(/type="application\/json">(.*)<\/script>/.exec(res.body)?.[1] ?? '');
    expect(data.tracks.map((x: { id: string }) => x.id)).toEqual([publicId]);
  });

  it('oEmbed: the iframe of a track page; 404 for private or foreign URLs; json only', async () => {
    const res = await t.app.inject({
      url: `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/audio/${publicId}`)}&maxwidth=300`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Wavecast', width: 300, height: 152 });
    expect(body.author_name).toBe('Bo "The" <Host>');
    expect(body.thumbnail_url).toBe(`${PUBLIC_URL}/default-cover.png`);
    expect(body.html).toBe(
      `<iframe src="${PUBLIC_URL}/embed/track/${publicId}" width="300" height="152" title="Night &lt;script>alert(1)&lt;/script> &amp; &quot;Day&quot;" frameborder="0" allow="autoplay; encrypted-media" loading="lazy"></iframe>`,
    );
    for (const url of [`${PUBLIC_URL}/audio/${privateId}`, `https://evil.test/audio/${publicId}`, 'not a url']) {
      expect((await t.app.inject({ url: `/api/oembed?url=${encodeURIComponent(url)}` })).statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          url: `/api/oembed?format=xml&url=${encodeURIComponent(`${PUBLIC_URL}/audio/${publicId}`)}`,
        })
      ).statusCode,
    ).toBe(501);
  });
});

describe('the default cover other sites get', () => {
  it('is a square PNG (not the SVG), embeddable elsewhere (CORP cross-origin), small and cacheable', async () => {
    const res = await t.app.inject({ url: '/default-cover.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.length).toBeLessThanOrEqual(20 * 1024);
    expect(await dimensionsOf(dir, res.rawPayload, 'png')).toEqual({ width: 512, height: 512 });
    const again = await t.app.inject({
      url: '/default-cover.png',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/default-cover.png' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe("a suspended owner's playlist", () => {
  it('has no embed and no share card (as its owner profile and tracks have none)', async () => {
    const dj = await signUp(t, { role: 'creator', name: 'Soon Suspended' });
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: dj.cookie },
        payload: { name: 'Benched Mix', isPublic: true },
      })
    ).json();
    const card = async () => meta((await t.app.inject({ url: `/playlist/${p.id}` })).body, 'og:title');
    const embed = async () => (await t.app.inject({ url: `/embed/playlist/${p.id}` })).statusCode;
    expect([await card(), await embed()]).toEqual(['Benched Mix', 200]);

    await t.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, dj.id));
    expect([await card(), await embed()]).toEqual([undefined, 404]);
  });
});

describe('live embeds (issue 34)', () => {
  async function createStream(user: TestUser, title: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: user.cookie },
      payload: { title, category: 'Music' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  const embedData = (html: string) =>
    JSON.parse(/<script id="wavecast-embed-data" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? 'null');

  it('/embed/live/:id: framable by anyone, with title, creator, state and where to listen; ended streams say so', async () => {
    const id = await createStream(creator, 'Late <b>show</b>');
    const res = await t.app.inject({ url: `/embed/live/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).not.toContain('<b>show');
    expect(embedData(res.body)).toEqual({
      kind: 'live',
      id,
      title: 'Late <b>show</b>',
      creator: 'Bo "The" <Host>',
      pageUrl: `${PUBLIC_URL}/live/${id}`,
      coverUrl: '/default-cover.svg',
      // Made, not yet on air: the frame says "Offline" until the creator's audio arrives.
      status: 'pending',
      streamUrl: `/api/live/${id}/stream`,
    });

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/end`,
      headers: { cookie: creator.cookie },
    });
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    expect(embedData((await t.app.inject({ url: `/embed/live/${id}` })).body).status).toBe('ended');
  });

  it('unknown ids and a suspended creator’s stream: 404 in the frame', async () => {
    const dj = await signUp(t, { role: 'creator', name: 'Off Air' });
    const id = await createStream(dj, 'Soon gone');
    expect((await t.app.inject({ url: `/embed/live/${id}` })).statusCode).toBe(200);
    await t.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, dj.id));
    for (const url of [`/embed/live/${id}`, '/embed/live/nope', '/embed/live/00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Soon gone');
    }
    const oembed = await t.app.inject({ url: `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/live/${id}`)}` });
    expect(oembed.statusCode).toBe(404);
  });

  it('/live/:id carries oEmbed discovery, and /api/oembed answers for live pages with the live frame', async () => {
    const id = await createStream(creator, 'Morning "Live" & more');
    const page = await t.app.inject({ url: `/live/${id}` });
    expect(page.statusCode).toBe(200);
    const oembedHref = `${PUBLIC_URL}/api/oembed?format=json&amp;url=${encodeURIComponent(`${PUBLIC_URL}/live/${id}`)}`;
    expect(page.body).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembedHref}"`);

    for (const pageUrl of [`${PUBLIC_URL}/live/${id}`, `${PUBLIC_URL}/embed/live/${id}`]) {
      const res = await t.app.inject({ url: `/api/oembed?format=json&url=${encodeURIComponent(pageUrl)}` });
      expect(res.statusCode, pageUrl).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const body = res.json();
      expect(body).toMatchObject({
        version: '1.0',
        type: 'rich',
        title: 'Morning "Live" & more',
        author_name: 'Bo "The" <Host>',
        width: 480,
        height: 152,
      });
      expect(body.html).toBe(
        `<iframe src="${PUBLIC_URL}/embed/live/${id}" width="480" height="152" title="Morning &quot;Live&quot; &amp; more" frameborder="0" allow="autoplay; encrypted-media" loading="lazy"></iframe>`,
      );
    }
    // Paths that are no page of ours stay 404.
    for (const bad of [`/track/${publicId}`, `/embed/audio/${publicId}`, `/live/${id}/x`]) {
      const res = await t.app.inject({ url: `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}${bad}`)}` });
      expect(res.statusCode, bad).toBe(404);
    }
  });
});
