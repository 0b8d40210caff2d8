import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TRadioChannelDetail } from '@wavecast/shared';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { rotationProgram } from '../../../test/radio-program';
import { seedTrack } from '../../../test/seed-track';
import { playlists, playlistTracks } from '../../db/schema';
import { billing } from '../billing';

// Issue 38: a channel's embed (/embed/radio/:id), its oEmbed answers and discovery, and its RSS entry.
const PUBLIC_URL = 'http://localhost:3000';
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Wavecast</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dir: string;
let rita: TestUser;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-radio-embed-'));
  const web = path.join(dir, 'web');
  await fs.mkdir(path.join(web, 'embed-player', 'assets'), { recursive: true });
  await fs.writeFile(path.join(web, 'index.html'), INDEX);
  await fs.writeFile(path.join(web, 'embed-player', 'assets', 'player-abc123.js'), 'console.log(1)');
  t = await createTestApp({ PUBLIC_URL, WEB_DIST: web });
  rita = await signUp(t, { role: 'creator', name: 'Rita <Radio>' });
  await billing(t.ctx).subscriptions.grant({ id: rita.id, role: 'creator' }, 'pro', 'test');
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

/** The inline JSON the embed page hands its player. */
function embedData(html: string) {
  const m = /<script id="wavecast-embed-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

async function channelWithRotation(name: string) {
  const channel = (
    await call(rita, 'POST', '/api/radio/channels', { name, category: 'Music', description: 'Songs & "talk"' })
  ).json() as TRadioChannelDetail;
  const db = t.ctx.database.db;
  const [pl] = await db
    .insert(playlists)
    .values({ userId: rita.id, name: `${name} list`, isPublic: true })
    .returning();
  if (!pl) throw new Error('no playlist');
  const trackId = await seedTrack(db, rita.id, { title: `${name} song` });
  await db.insert(playlistTracks).values({ playlistId: pl.id, audioId: trackId, position: 0 });
  const program = rotationProgram(pl.id);
  expect((await call(rita, 'PUT', `/api/radio/channels/${channel.id}/program`, program)).statusCode).toBe(200);
  return channel;
}

describe('radio embed, oEmbed and RSS', () => {
  it('the embed frame shows an off-air channel, then the same frame data on air; unknown ids answer 404', async () => {
    const channel = await channelWithRotation('Harbour <FM>');
    const off = await call(null, 'GET', `/embed/radio/${channel.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(off.headers['x-frame-options']).toBeUndefined();
    expect(off.body).not.toContain('<FM>'); // escaped
    expect(embedData(off.body)).toEqual({
      kind: 'radio',
      id: channel.id,
      title: 'Harbour <FM>',
      creator: 'Rita <Radio>',
      pageUrl: `${PUBLIC_URL}/radio/${channel.id}`,
      coverUrl: expect.any(String),
      onAir: false,
      streamId: null,
      streamUrl: null,
      nowPlaying: null,
    });

    expect((await call(rita, 'POST', `/api/radio/channels/${channel.id}/on-air`)).json()).toMatchObject({
      onAir: true,
    });
    const on = embedData((await call(null, 'GET', `/embed/radio/${channel.id}?theme=light`)).body);
    expect(on).toMatchObject({ kind: 'radio', onAir: true, streamId: expect.any(String) });
    expect(on.streamUrl).toContain(on.streamId);
    await call(rita, 'POST', `/api/radio/channels/${channel.id}/off-air`);

    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(null, 'GET', `/embed/radio/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Audio not found');
    }
  });

  it('oEmbed answers for the channel page and its frame; the page carries oEmbed and RSS discovery', async () => {
    const channel = await channelWithRotation('Discovery Radio');
    for (const page of [`/radio/${channel.id}`, `/embed/radio/${channel.id}`]) {
      const res = await call(null, 'GET', `/api/oembed?format=json&url=${encodeURIComponent(PUBLIC_URL + page)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        version: '1.0',
        type: 'rich',
        title: 'Discovery Radio',
        author_name: 'Rita <Radio>',
        width: 480,
        height: 152,
      });
      expect(res.json().html).toContain(`src="${PUBLIC_URL}/embed/radio/${channel.id}"`);
    }
    const small = await call(
      null,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/radio/${channel.id}`)}&maxwidth=320`,
    );
    expect(small.json()).toMatchObject({ width: 320, height: 152 });
    const missing = await call(
      null,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/radio/00000000-0000-4000-8000-000000000000`)}`,
    );
    expect(missing.statusCode).toBe(404);

    const html = (await call(null, 'GET', `/radio/${channel.id}`)).body;
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${PUBLIC_URL}/api/oembed?format=json&amp;url=${encodeURIComponent(`${PUBLIC_URL}/radio/${channel.id}`)}"`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${PUBLIC_URL}/api/radio/channels/${channel.id}/feed.rss"`,
    );
    expect(html).toContain('<meta property="og:title" content="Discovery Radio" />');
  });

  it('the RSS entry lists the stream as an enclosure (read by rss-parser); a removed channel is 404', async () => {
    const channel = await channelWithRotation('Feed & Friends');
    const res = await call(null, 'GET', `/api/radio/channels/${channel.id}/feed.rss`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(res.body);
    expect(feed.title).toBe('Feed & Friends');
    expect(feed.link).toBe(`${PUBLIC_URL}/radio/${channel.id}`);
    expect(feed.description).toBe('Songs & "talk"');
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      title: 'Feed & Friends (live)',
      link: `${PUBLIC_URL}/radio/${channel.id}`,
      guid: `wavecast-radio-${channel.id}`,
      enclosure: { url: `${PUBLIC_URL}/api/radio/channels/${channel.id}/stream`, type: 'audio/webm', length: '0' },
    });
    // The enclosure is the same stable address as the M3U and PLS entries.
    const m3u = (await call(null, 'GET', `/api/radio/channels/${channel.id}/listen.m3u`)).body;
    expect(m3u).toContain(feed.items[0]?.enclosure?.url);

    expect((await call(rita, 'DELETE', `/api/radio/channels/${channel.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}/feed.rss`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/radio/channels/not-a-uuid/feed.rss')).statusCode).toBe(404);
  });
});
