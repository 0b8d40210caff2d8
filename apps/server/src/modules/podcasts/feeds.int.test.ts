import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from 'podcast-partytime';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { dimensionsOf, testImage } from '../../../test/images';
import { findFfmpeg } from '../../media/ffmpeg';
import { audioPart, makeAudio, makeImage, multipartBody } from '../tracks/testing';

let t: TestApp;
let creator: TestUser;
let listener: TestUser;
let dir: string;
const ids: Record<'chaptered' | 'plain' | 'hidden', string> = { chaptered: '', plain: '', hidden: '' };
const PUBLIC_URL = 'http://localhost:3000';

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

const feedPath = (userId: string) => `/feeds/creators/${userId}.xml`;
const local = (url: string) => url.replace(PUBLIC_URL, '');

/** Fetches podcast art where a feed points: a 1400 px square JPEG other sites may show. */
async function expectArt(url: string) {
  const res = await t.app.inject({ url: local(url) });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  // Probed by ffprobe (or ffmpeg): what podcast apps check (1400–3000 px, square).
  expect(await dimensionsOf(dir, res.rawPayload, 'jpeg')).toEqual({ width: 1400, height: 1400 });
  return res.rawPayload;
}

/** The average colour of JPEG bytes, as ffmpeg scales them to one pixel. */
async function averageColour(bytes: Buffer): Promise<number[]> {
  const file = path.join(dir, `avg-${Math.random().toString(36).slice(2)}.jpg`);
  await fs.writeFile(file, bytes);
  return [
    ...execFileSync(findFfmpeg(t.ctx.config.FFMPEG_PATH), [
      ...['-v', 'error', '-i', file, '-vf', 'scale=1:1:flags=area', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ]),
  ];
}
const COVER_RGB = [0x3b, 0x2a, 0x6b]; // makeImage's colour

/** The channel image of a feed as both parsers read it (they must agree). */
async function channelImage(xml: string): Promise<string> {
  const rss = await new Parser().parseString(xml);
  const pod = parseFeed(xml);
  expect(rss.image?.url).toBeTruthy();
  expect(rss.itunes?.image).toBe(rss.image?.url);
  expect(pod?.image?.url).toBe(rss.image?.url);
  expect(pod?.itunesImage).toBe(rss.image?.url);
  return rss.image?.url ?? '';
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  creator = await signUp(t, { role: 'creator', name: 'Ana <Pod> & Co' });
  listener = await signUp(t);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-feeds-'));
  const tone = await makeAudio(dir, 'mp3', 3);
  ids.chaptered = await upload(
    {
      title: 'Episode 1: "Tags" & <things>',
      description: 'First one',
      chapterMarkers: JSON.stringify([
        { title: 'Later', startTime: 2 },
        { title: 'Intro', startTime: 0 },
      ]),
    },
    tone,
  );
  ids.plain = await upload({ title: 'Episode 2' }, await makeAudio(dir, 'mp3', 2, 660));
  ids.hidden = await upload({ title: 'Secret episode', isPublic: 'false' }, tone);
  await t.ctx.jobs.drain();
  const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.500\nHello listeners\n\n00:01.500 --> 00:03.000\nGoodbye\n';
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/tracks/${ids.chaptered}/transcript`,
    headers: { cookie: creator.cookie },
    payload: { kind: 'file', content: vtt },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a creator feed', () => {
  it('is read by rss-parser and podcast-partytime: chapters, transcript, enclosures of the exact size; no private track', async () => {
    const res = await t.app.inject({ url: feedPath(creator.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).not.toContain('Secret episode');
    expect(xml).not.toContain(ids.hidden);

    const rss = await new Parser({ customFields: { item: ['podcast:chapters', 'podcast:transcript'] } }).parseString(
      xml,
    );
    expect(rss.title).toBe('Ana <Pod> & Co');
    expect(rss.items.map((i) => i.title)).toEqual(['Episode 2', 'Episode 1: "Tags" & <things>']);
    expect(rss.itunes?.explicit).toBe('false');

    const pod = parseFeed(xml);
    expect(pod).not.toBeNull();
    if (!pod) return;
    expect(pod.title).toBe('Ana <Pod> & Co');
    // Locked; the owner (podcast-partytime reads `locked` only with one) is set in the show settings.
    expect(xml).toContain('<podcast:locked>yes</podcast:locked>');
    expect(pod.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(pod.items).toHaveLength(2);
    const first = pod.items.find((i) => i.guid === ids.chaptered);
    expect(first?.podcastChapters?.url).toBe(`${PUBLIC_URL}/api/podcasts/chapters/${ids.chaptered}.json`);
    expect(first?.podcastTranscripts?.[0]?.url).toBe(`${PUBLIC_URL}/api/tracks/${ids.chaptered}/transcript.vtt`);
    expect(first?.duration).toBe(3);
    expect(pod.items.find((i) => i.guid === ids.plain)?.podcastChapters).toBeUndefined();

    // Every enclosure: its length is the bytes the URL serves, its type the served type; Range works.
    for (const item of pod.items) {
      const enc = item.enclosure;
      const body = await t.app.inject({ url: local(enc.url) });
      expect(body.statusCode).toBe(200);
      expect(body.rawPayload.length).toBe(enc.length);
      expect(body.headers['content-type']).toBe(enc.type);
      // The file name podcast apps save: the episode's own (`<slug>-<id>.m4a`), unique per episode.
      const slug = item.guid === ids.chaptered ? 'episode-1-tags-things' : 'episode-2';
      expect(enc.url).toMatch(new RegExp(`/api/podcasts/enclosures/${item.guid}/${slug}-${item.guid}\\.m4a\\?v=`));
      const part = await t.app.inject({ url: local(enc.url), headers: { range: 'bytes=0-9' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-9/${enc.length}`);
    }
    // rss-parser agrees on the lengths.
    expect(rss.items.map((i) => Number(i.enclosure?.length))).toEqual(pod.items.map((i) => i.enclosure.length));
  });

  it('episode art: itunes:image and podcast:images of every episode, a 1400 px square JPEG, generated when there is no cover', async () => {
    const xml = (await t.app.inject({ url: feedPath(creator.id) })).body;
    const pod = parseFeed(xml);
    const rss = await new Parser().parseString(xml);
    expect(pod?.items).toHaveLength(2);
    for (const item of pod?.items ?? []) {
      const art = `${PUBLIC_URL}/api/podcasts/art/${item.guid}.jpg?v=g1`;
      expect(item.image).toBe(art);
      expect(item.podcastImages?.map((i) => i.parsed)).toEqual([{ url: art, width: 1400 }]);
      const res = await t.app.inject({ url: local(art) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(await dimensionsOf(dir, res.rawPayload, 'jpeg')).toEqual({ width: 1400, height: 1400 });
    }
    // rss-parser reads the same art per item.
    expect(rss.items.map((i) => i.itunes?.image)).toEqual(
      rss.items.map((i) => `${PUBLIC_URL}/api/podcasts/art/${i.guid}.jpg?v=g1`),
    );
    // Made once, kept in storage beside the track's covers: the second answer is the same bytes.
    const [first, again] = [
      await t.app.inject({ url: `/api/podcasts/art/${ids.plain}.jpg` }),
      await t.app.inject({ url: `/api/podcasts/art/${ids.plain}.jpg` }),
    ];
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await t.ctx.storage.list(`covers/${creator.id}/`)).toContain(`covers/${creator.id}/${ids.plain}.art-g1.jpg`);
    // Each episode looks its own.
    const other = await t.app.inject({ url: `/api/podcasts/art/${ids.chaptered}.jpg` });
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
    // Private, missing and malformed: 404 / 400, never art.
    expect((await t.app.inject({ url: `/api/podcasts/art/${ids.hidden}.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/podcasts/art/00000000-0000-4000-8000-000000000000.jpg` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/podcasts/art/nope.jpg' })).statusCode).toBe(400);
  });

  it("episode art from the creator's cover: a small, oblong cover becomes a 1400 px square of it; a new cover, new art", async () => {
    const cover = await makeImage(dir, 'png', 400); // 400×300, one colour (0x3b2a6b)
    const { body, contentType } = multipartBody({ title: 'Covered episode' }, [
      await audioPart(await makeAudio(dir, 'mp3', 2), 'tone.mp3', 'audio/mpeg'),
      { name: 'cover', filename: 'c.png', type: 'image/png', data: await fs.readFile(cover) },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().track.id as string;
    await t.ctx.jobs.drain();
    const item = parseFeed((await t.app.inject({ url: feedPath(creator.id) })).body)?.items.find((i) => i.guid === id);
    expect(item?.image).toMatch(new RegExp(`^${PUBLIC_URL}/api/podcasts/art/${id}[.]jpg[?]v=c1-`));
    const art = await t.app.inject({ url: local(item?.image ?? '') });
    expect(art.statusCode).toBe(200);
    expect(await dimensionsOf(dir, art.rawPayload, 'jpeg')).toEqual({ width: 1400, height: 1400 });
    // It is the cover: its average colour is the cover's.
    const file = path.join(dir, `${id}-art.jpg`);
    await fs.writeFile(file, art.rawPayload);
    const rgb = [
      ...execFileSync(findFfmpeg(t.ctx.config.FFMPEG_PATH), [
        ...['-v', 'error', '-i', file, '-vf', 'scale=1:1:flags=area', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      ]),
    ];
    for (const [got, want] of rgb.map((v, i) => [v, [0x3b, 0x2a, 0x6b][i]]))
      expect(Math.abs(got - want)).toBeLessThan(12);

    // A new cover: a new art URL, the new cover's art, and the earlier art gone from storage.
    const artKeys = async () =>
      (await t.ctx.storage.list(`covers/${creator.id}/`)).filter((k) => k.includes(`${id}.art-`));
    expect(await artKeys()).toHaveLength(1);
    const next = multipartBody({}, [
      {
        name: 'cover',
        filename: 'd.jpg',
        type: 'image/jpeg',
        data: await testImage(dir, '1800x1200', 'jpg'),
      },
    ]);
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/tracks/${id}/cover`,
      headers: { cookie: creator.cookie, 'content-type': next.contentType },
      payload: next.body,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await t.ctx.jobs.drain();
    const nextItem = parseFeed((await t.app.inject({ url: feedPath(creator.id) })).body)?.items.find(
      (i) => i.guid === id,
    );
    expect(nextItem?.image).toMatch(new RegExp(`/api/podcasts/art/${id}[.]jpg[?]v=c1-`));
    expect(nextItem?.image).not.toBe(item?.image);
    const nextArt = await t.app.inject({ url: local(nextItem?.image ?? '') });
    expect(await dimensionsOf(dir, nextArt.rawPayload, 'jpeg')).toEqual({ width: 1400, height: 1400 });
    expect(nextArt.rawPayload.equals(art.rawPayload)).toBe(false);
    expect(await artKeys()).toHaveLength(1);

    // Deleting the track removes its art from storage.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expect.poll(artKeys, { timeout: 10_000 }).toEqual([]);
  });

  it('channel image: a 1400 px square JPEG, generated without an avatar, made from the avatar once there is one (never SVG)', async () => {
    const feed = async () => channelImage((await t.app.inject({ url: feedPath(creator.id) })).body);
    const showArt = (v: string) => `${PUBLIC_URL}/api/podcasts/show-art/${creator.id}.jpg?v=${v}`;
    const showKeys = async () =>
      (await t.ctx.storage.list(`covers/${creator.id}/`)).filter((k) => k.includes('/show.art-'));
    // No avatar: generated (seeded by the creator), stored, the same bytes on the next request.
    expect(await feed()).toBe(showArt('g1'));
    const generated = await expectArt(showArt('g1'));
    expect((await t.app.inject({ url: local(showArt('g1')) })).rawPayload.equals(generated)).toBe(true);
    expect(await showKeys()).toEqual([`covers/${creator.id}/show.art-g1.jpg`]);

    // An avatar (400×300, one colour): the channel image is it, cropped and scaled to 1400 px.
    const { body, contentType } = multipartBody({}, [
      { name: 'file', filename: 'me.png', type: 'image/png', data: await fs.readFile(await makeImage(dir, 'png')) },
    ]);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const fromAvatar = await feed();
    expect(fromAvatar).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/podcasts/show-art/${creator.id}[.]jpg[?]v=a1-[0-9a-f-]{36}$`),
    );
    const art = await expectArt(fromAvatar);
    for (const [got, want] of (await averageColour(art)).map((v, i) => [v, COVER_RGB[i]]))
      expect(Math.abs(got - want)).toBeLessThan(12);
    // Kept: the avatar's art, and the generated one (linked again once the avatar goes).
    const avatarKey = `covers/${creator.id}/show.art-${new URL(fromAvatar).searchParams.get('v')}.jpg`;
    expect((await showKeys()).sort()).toEqual([avatarKey, `covers/${creator.id}/show.art-g1.jpg`].sort());
    // An old version's URL still answers (the current art), but is not cached for good.
    const stale = await t.app.inject({ url: `/api/podcasts/show-art/${creator.id}.jpg?v=g1` });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, no-cache');

    // The avatar removed: the generated art again, the very same.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/avatar',
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await feed()).toBe(showArt('g1'));
    expect((await expectArt(showArt('g1'))).equals(generated)).toBe(true);

    // Missing and malformed: 404 / 400, never art.
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/podcasts/show-art/${nobody}.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/podcasts/show-art/nobody-here.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/podcasts/show-art/no%20body.jpg' })).statusCode).toBe(400);
  });

  it('the chapters and the transcript are served where the feed points', async () => {
    const chapters = await t.app.inject({ url: `/api/podcasts/chapters/${ids.chaptered}.json` });
    expect(chapters.statusCode).toBe(200);
    expect(chapters.headers['content-type']).toContain('application/json+chapters');
    expect(chapters.json()).toEqual({
      version: '1.2.0',
      chapters: [
        { startTime: 0, title: 'Intro' },
        { startTime: 2, title: 'Later' },
      ],
    });
    const vtt = await t.app.inject({ url: `/api/tracks/${ids.chaptered}/transcript.vtt` });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello listeners\n\n00:00:01.500 --> 00:00:03.000\nGoodbye\n',
    );
    // A private track's chapters, enclosure and transcript do not exist for others.
    expect((await t.app.inject({ url: `/api/podcasts/chapters/${ids.hidden}.json` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/podcasts/enclosures/${ids.hidden}/episode.m4a` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/podcasts/chapters/not-a-uuid.json` })).statusCode).toBe(404);
  });

  it('answers conditional GETs with 304 until something changes', async () => {
    const first = await t.app.inject({ url: feedPath(creator.id) });
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"/);
    expect((await t.app.inject({ url: feedPath(creator.id), headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    expect(
      (await t.app.inject({ url: feedPath(creator.id), headers: { 'if-modified-since': lastModified } })).statusCode,
    ).toBe(304);
    // New show settings change the feed (and so its validator).
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/podcasts/show',
      headers: { cookie: creator.cookie },
      payload: {
        title: 'The Ana Show',
        description: 'Talk & tunes',
        category: 'Comedy',
        language: 'pt-BR',
        explicit: true,
        ownerEmail: 'owner@example.com',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().feedUrl).toBe(`${PUBLIC_URL}/feeds/creators/${creator.id}.xml`);
    const after = await t.app.inject({ url: feedPath(creator.id), headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const pod = parseFeed(after.body);
    expect(pod?.title).toBe('The Ana Show');
    expect(pod?.language).toBe('pt-BR');
    expect(pod?.explicit).toBe(true);
    expect(pod?.categories).toContain('comedy');
    expect(pod?.locked).toBe(true);
    expect(pod?.podcastOwner).toBe('owner@example.com');
    expect(pod?.owner?.email).toBe('owner@example.com');
  });

  it('show settings: creators only, validated, nothing saved on bad input', async () => {
    const put = (who: TestUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/podcasts/show', headers: { cookie: who.cookie }, payload });
    const good = {
      title: null,
      description: null,
      category: 'Music',
      language: 'en',
      explicit: false,
      ownerEmail: null,
    };
    expect((await put(listener, good)).statusCode).toBe(403);
    for (const bad of [
      { ...good, category: 'Nonsense' },
      { ...good, language: 'english!!' },
      { ...good, ownerEmail: 'not-an-email' },
      { ...good, title: 'x'.repeat(201) },
      { ...good, title: 'nul\u0000' },
    ]) {
      expect((await put(creator, bad)).statusCode).toBe(400);
    }
    const now = await t.app.inject({ url: '/api/podcasts/show', headers: { cookie: creator.cookie } });
    expect(now.json().title).toBe('The Ana Show');
  });

  it('a missing user has no feed', async () => {
    expect((await t.app.inject({ url: feedPath('nobody-here') })).statusCode).toBe(404);
  });
});

describe('a playlist feed', () => {
  it('lists its public tracks only, and only while the playlist is public', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: creator.cookie },
      payload: { name: 'Best of', isPublic: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const playlist = created.json();
    for (const trackId of [ids.plain, ids.hidden, ids.chaptered]) {
      await t.app.inject({
        method: 'POST',
        url: `/api/playlists/${playlist.id}/tracks`,
        headers: { cookie: creator.cookie },
        payload: { trackId },
      });
    }
    const res = await t.app.inject({ url: `/feeds/playlists/${playlist.id}.xml` });
    expect(res.statusCode).toBe(200);
    const pod = parseFeed(res.body);
    expect(pod?.title).toBe('Best of');
    expect(pod?.items.map((i) => i.guid).sort()).toEqual([ids.plain, ids.chaptered].sort());
    await t.app.inject({
      method: 'PATCH',
      url: `/api/playlists/${playlist.id}`,
      headers: { cookie: creator.cookie },
      payload: { isPublic: false },
    });
    expect((await t.app.inject({ url: `/feeds/playlists/${playlist.id}.xml` })).statusCode).toBe(404);
  });

  it('channel image: a 1400 px square JPEG, generated, then made from the playlist cover; gone with the playlist', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: creator.cookie },
      payload: { name: 'Art mix', isPublic: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    // Its one episode has no cover: the playlist's generated art.
    await t.app.inject({
      method: 'POST',
      url: `/api/playlists/${id}/tracks`,
      headers: { cookie: creator.cookie },
      payload: { trackId: ids.plain },
    });
    const feed = async () => channelImage((await t.app.inject({ url: `/feeds/playlists/${id}.xml` })).body);
    const artKeys = async () =>
      (await t.ctx.storage.list(`covers/${creator.id}/`)).filter((k) => k.includes(`/playlist-${id}.art-`));
    expect(await feed()).toBe(`${PUBLIC_URL}/api/podcasts/playlist-art/${id}.jpg?v=g1`);
    const generated = await expectArt(await feed());

    // A cover (400×300, one colour): the channel image is it, at 1400 px; the generated art goes.
    const cover = multipartBody({}, [
      { name: 'cover', filename: 'x.png', type: 'image/png', data: await fs.readFile(await makeImage(dir, 'png')) },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${id}/cover`,
      headers: { cookie: creator.cookie, 'content-type': cover.contentType },
      payload: cover.body,
    });
    expect(put.statusCode, put.body).toBe(200);
    const fromCover = await feed();
    expect(fromCover).toMatch(new RegExp(`^${PUBLIC_URL}/api/podcasts/playlist-art/${id}[.]jpg[?]v=p1-[0-9a-f-]{36}$`));
    const art = await expectArt(fromCover);
    expect(art.equals(generated)).toBe(false);
    for (const [got, want] of (await averageColour(art)).map((v, i) => [v, COVER_RGB[i]]))
      expect(Math.abs(got - want)).toBeLessThan(12);
    const prefix = `covers/${creator.id}/playlist-${id}.art-`;
    expect((await artKeys()).sort()).toEqual(
      [`${prefix}g1.jpg`, `${prefix}${new URL(fromCover).searchParams.get('v')}.jpg`].sort(),
    );

    // Private: no feed, no art. Deleted: its art leaves storage.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/playlists/${id}`,
      headers: { cookie: creator.cookie },
      payload: { isPublic: false },
    });
    expect((await t.app.inject({ url: local(fromCover) })).statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await artKeys()).toEqual([]);
  });
});
