import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, makeAudio, multipartBody } from '../tracks/testing';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let dir: string;
let trackId: string;
let hiddenId: string;

async function upload(fields: Record<string, string>, file: string) {
  const { body, contentType } = multipartBody(fields, [await audioPart(file, 'tone.mp3', 'audio/mpeg')]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track.id as string;
}

const put = (who: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/tracks/${id}/transcript`, headers: { cookie: who.cookie }, payload });
const get = (id: string, who?: TestUser) =>
  t.app.inject({ url: `/api/tracks/${id}/transcript`, headers: who ? { cookie: who.cookie } : {} });

const SRT =
  '1\n00:00:00,000 --> 00:00:01,000\nWelcome to the show\n\n2\n00:00:01,000 --> 00:00:02,500\nToday: the zeppelin mystery\n';

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  owner = await signUp(t, { role: 'creator', name: 'Cleo' });
  other = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-transcripts-'));
  const tone = await makeAudio(dir, 'mp3', 3);
  trackId = await upload({ title: 'Talk' }, tone);
  hiddenId = await upload({ title: 'Hidden talk', isPublic: 'false' }, tone);
  await t.ctx.jobs.drain();
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('transcripts', () => {
  it('the owner uploads SRT; anyone reads the cues; search opens the moment the words are said', async () => {
    expect((await get(trackId)).json()).toEqual({ transcript: null });
    const res = await put(owner, trackId, { kind: 'file', content: SRT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'srt',
      timed: true,
      cues: [
        { start: 0, end: 1, text: 'Welcome to the show' },
        { start: 1, end: 2.5, text: 'Today: the zeppelin mystery' },
      ],
    });
    expect((await get(trackId)).json().transcript.cues).toHaveLength(2);

    const hits = await t.app.inject({ url: '/api/search/transcripts?q=Zeppelin' });
    expect(hits.statusCode).toBe(200);
    expect(hits.json().items).toEqual([
      {
        trackId,
        title: 'Talk',
        creatorName: 'Cleo',
        coverUrl: '/default-cover.svg',
        start: 1,
        text: 'Today: the zeppelin mystery',
      },
    ]);
    // All words must be there; LIKE wildcards are plain characters.
    expect((await t.app.inject({ url: '/api/search/transcripts?q=zeppelin%20banana' })).json().items).toEqual([]);
    expect((await t.app.inject({ url: '/api/search/transcripts?q=%25%25' })).json().items).toEqual([]);
  });

  it('a one-letter typo finds the word said, ranked after the words as typed', async () => {
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/search/transcripts?q=${encodeURIComponent(q)}` })).json().items;
    expect(await search('zepelin')).toMatchObject([{ trackId, start: 1, text: 'Today: the zeppelin mystery' }]);
    expect(await search('the mistery')).toMatchObject([{ trackId, start: 1 }]);
    // Nothing close: no hit; a typo in only one of two words still needs the other.
    expect(await search('zepelin banana')).toEqual([]);
    // Search syntax asks for precision: no typo matching.
    expect(await search('"zepelin"')).toEqual([]);
  });

  it('pasted text is one untimed cue per paragraph, served as text/plain', async () => {
    const res = await put(owner, trackId, { kind: 'text', content: 'Hello there.\n\nSecond part.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'text', timed: false });
    const txt = await t.app.inject({ url: `/api/tracks/${trackId}/transcript.txt` });
    expect(txt.body).toBe('Hello there.\nSecond part.');
    expect((await t.app.inject({ url: `/api/tracks/${trackId}/transcript.vtt` })).statusCode).toBe(404);
    await put(owner, trackId, { kind: 'file', content: SRT });
  });

  it('bad input is refused with a clear 400 and changes nothing', async () => {
    const before = (await get(trackId)).json();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ kind: 'file', content: 'just words, no timing' }, 'Transcript must be a WebVTT (.vtt) or SRT (.srt) file'],
      [{ kind: 'file', content: '%PDF-1.4 binary' }, 'Transcript must be a WebVTT (.vtt) or SRT (.srt) file'],
      [
        { kind: 'file', content: `WEBVTT\n\n00:00.000 --> 00:01.000\n${'a'.repeat(20 * 1024 * 1024)}` },
        'Transcript must be at most 2 MB',
      ],
      [{ kind: 'text', content: '   ' }, 'Transcript text is required'],
      [{ kind: 'srt', content: SRT }, /expected one of "file"/],
    ];
    for (const [payload, message] of cases) {
      const res = await put(owner, trackId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await get(trackId)).json()).toEqual(before);
  });

  it("others cannot change a track's transcript (404, as for a missing one); a private track's is hidden", async () => {
    expect((await put(other, trackId, { kind: 'text', content: 'mine now' })).statusCode).toBe(404);
    expect((await put(other, hiddenId, { kind: 'text', content: 'mine now' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/tracks/${trackId}/transcript`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await put(owner, hiddenId, { kind: 'text', content: 'secret zeppelin words' })).statusCode).toBe(200);
    expect((await get(hiddenId)).statusCode).toBe(404);
    expect((await get(hiddenId, owner)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/tracks/${hiddenId}/transcript.txt` })).statusCode).toBe(404);
    const hits = (await t.app.inject({ url: '/api/search/transcripts?q=zeppelin' })).json().items;
    expect(hits.map((h: { trackId: string }) => h.trackId)).toEqual([trackId]);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/tracks/${trackId}/transcript`,
          payload: { kind: 'text', content: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('the owner removes it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${trackId}/transcript`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect((await get(trackId)).json()).toEqual({ transcript: null });
  });
});
