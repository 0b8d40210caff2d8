import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from 'podcast-partytime';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, makeAudio, multipartBody } from '../tracks/testing';

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
      expect(enc.url).toMatch(/\/api\/podcasts\/enclosures\/[0-9a-f-]{36}\/episode\.m4a\?v=/);
      const part = await t.app.inject({ url: local(enc.url), headers: { range: 'bytes=0-9' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-9/${enc.length}`);
    }
    // rss-parser agrees on the lengths.
    expect(rss.items.map((i) => Number(i.enclosure?.length))).toEqual(pod.items.map((i) => i.enclosure.length));
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
});
