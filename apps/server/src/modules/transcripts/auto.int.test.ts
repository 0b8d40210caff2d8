import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUTO_TRANSCRIPT_UNAVAILABLE } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { findFfmpeg } from '../../media/ffmpeg';
import { audioPart, multipartBody } from '../tracks/testing';
import { autoTranscriptService } from './auto';
import { findRecognizer } from './recognizer';

// Real speech through the real recogniser: CMU Flite speaks two sentences, PocketSphinx hears them
// (scripts/system-packages.mjs installs both for the tests). Without them the test is skipped here,
// and fails in CI.
const onPath = (program: string) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`])
      .toString()
      .trim();
  } catch {
    return null;
  }
};
const recognizer = findRecognizer('auto');
const flite = onPath('flite');
const missing = !recognizer || !flite;
if (missing && process.env.CI)
  throw new Error('CI needs pocketsphinx_continuous and flite (Debian: pocketsphinx, flite)');

/** The recogniser reads about three seconds of audio per second on a busy machine. */
const SLOW = 180_000;

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let dir: string;
let speech: string;

/** Two sentences with two seconds of silence between them, as the MP3 a creator uploads. */
function speak(folder: string): string {
  const say = (text: string, file: string) => execFileSync(flite as string, ['-voice', 'slt', '-t', text, '-o', file]);
  const a = path.join(folder, 'a.wav');
  const b = path.join(folder, 'b.wav');
  say('Welcome to the kitchen podcast.', a);
  say('Today we make orange marmalade with fresh oranges and sugar.', b);
  const out = path.join(folder, 'speech.mp3');
  execFileSync(findFfmpeg(), [
    ...['-y', '-loglevel', 'error', '-i', a, '-f', 'lavfi', '-t', '2', '-i', 'anullsrc=r=16000:cl=mono', '-i', b],
    ...['-filter_complex', '[0]aresample=16000[a];[2]aresample=16000[b];[a][1][b]concat=n=3:v=0:a=1'],
    ...['-ac', '1', '-ar', '44100', '-b:a', '128k', out],
  ]);
  return out;
}

async function upload(who: TestUser, category: string, title: string) {
  const { body, contentType } = multipartBody({ title, category }, [await audioPart(speech, 'episode.mp3')]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: who.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track.id as string;
}

const transcriptOf = async (id: string) =>
  (await t.app.inject({ url: `/api/tracks/${id}/transcript` })).json().transcript;
const auto = (who: TestUser, id: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url: `/api/tracks/${id}/transcript/auto`, headers: { cookie: who.cookie } });

describe.skipIf(missing)('automatic transcripts', () => {
  beforeAll(async () => {
    t = await createTestApp({ SPEECH_RECOGNIZER: 'auto' });
    owner = await signUp(t, { role: 'creator', name: 'Kitchen Radio' });
    other = await signUp(t, { role: 'creator' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-speech-'));
    speech = speak(dir);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    'a spoken-word upload is transcribed with timed cues, found by a word said with a typo, and replaced by the creator',
    async () => {
      const podcast = await upload(owner, 'Podcast', 'Marmalade day');
      const music = await upload(owner, 'Music', 'Spoken but music');
      await t.ctx.jobs.drain();

      const transcript = await transcriptOf(podcast);
      expect(transcript).toMatchObject({ source: 'automatic', format: 'vtt', timed: true });
      const words = transcript.cues
        .map((c: { text: string }) => c.text)
        .join(' ')
        .toLowerCase();
      for (const w of ['welcome', 'kitchen', 'marmalade', 'oranges', 'sugar']) expect(words).toContain(w);
      // The second sentence starts after the first and its two seconds of silence.
      const said = transcript.cues.find((c: { text: string }) => /marmalade/i.test(c.text));
      expect(said.start).toBeGreaterThan(2);
      expect((await auto(owner, podcast)).json()).toEqual({ available: true, status: 'done', error: null });
      // Music is not transcribed unless its owner asks.
      expect(await transcriptOf(music)).toBeNull();
      expect((await auto(owner, music)).json()).toEqual({ available: true, status: null, error: null });

      // A one-letter typo finds the spoken word, at the moment it is said.
      const hits = (await t.app.inject({ url: '/api/search/transcripts?q=marmalde' })).json().items;
      expect(hits).toMatchObject([{ trackId: podcast, title: 'Marmalade day', start: said.start }]);

      // The creator's own transcript replaces it; asking for an automatic one again is refused until it is removed.
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/tracks/${podcast}/transcript`,
        headers: { cookie: owner.cookie },
        payload: { kind: 'text', content: 'Welcome to the kitchen podcast. Orange marmalade today.' },
      });
      expect(put.json()).toMatchObject({ source: 'manual' });
      const refused = await auto(owner, podcast, 'POST');
      expect(refused.statusCode).toBe(409);
      // A run that finishes after the creator saved theirs keeps the creator's.
      await autoTranscriptService(t.ctx).generate(podcast);
      expect((await transcriptOf(podcast)).source).toBe('manual');

      // The owner asks for the music track's: queued, then done.
      const asked = await auto(owner, music, 'POST');
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toMatchObject({ status: 'queued' });
      await t.ctx.jobs.drain();
      expect((await transcriptOf(music)).source).toBe('automatic');
    },
    SLOW,
  );

  it('only the owner sees or asks for it; a server without a recogniser says so', async () => {
    const id = await upload(owner, 'Music', 'Private matter');
    expect((await auto(other, id)).statusCode).toBe(404);
    expect((await auto(other, id, 'POST')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/tracks/${id}/transcript/auto` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/tracks/${'x'.repeat(50)}/transcript/auto`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(404);

    const off = await createTestApp({ SPEECH_RECOGNIZER: 'off' });
    try {
      const host = await signUp(off, { role: 'creator' });
      const { body, contentType } = multipartBody({ title: 'Talk', category: 'Podcast' }, [await audioPart(speech)]);
      const uploaded = await off.app.inject({
        method: 'POST',
        url: '/api/tracks',
        headers: { cookie: host.cookie, 'content-type': contentType },
        payload: body,
      });
      const talk = uploaded.json().track.id as string;
      const ask = (method: 'GET' | 'POST') =>
        off.app.inject({ method, url: `/api/tracks/${talk}/transcript/auto`, headers: { cookie: host.cookie } });
      const res = await ask('POST');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(AUTO_TRANSCRIPT_UNAVAILABLE);
      // Nothing was queued: the podcast stays without a transcript once processed.
      await off.ctx.jobs.drain();
      expect((await ask('GET')).json()).toEqual({ available: false, status: null, error: null });
    } finally {
      await off.close();
    }
  });
});
