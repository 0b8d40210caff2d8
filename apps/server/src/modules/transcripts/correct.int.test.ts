import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRANSCRIPT_CORRECTION_MESSAGES as M, TRANSCRIPT_CUE_MAX } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { NUL_MESSAGE } from '../../lib/nul';
import { audioPart, makeAudio, multipartBody } from '../tracks/testing';
import { saveAutomatic } from './auto-repo';

// The creator corrects the automatic transcript in place (ADR 0051 §Correction): texts at their
// stored times, cues deleted; search follows the corrected words; bad input and others refused.

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let dir: string;
let trackId: string;
let othersPrivateId: string;

/** What the recogniser made of a kitchen podcast (times in seconds), as the job stores it. */
const MACHINE = [
  { start: 0, end: 2.2, text: 'welcome to the kitchen pod cast' },
  { start: 2.2, end: 6.05, text: 'today we make orange mama late with fresh oranges' },
  { start: 6.05, end: 7.5, text: 'uh hmm' },
];

async function upload(who: TestUser, fields: Record<string, string>, file: string) {
  const { body, contentType } = multipartBody(fields, [await audioPart(file, 'talk.mp3', 'audio/mpeg')]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: who.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track.id as string;
}

const patch = (who: TestUser | null, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/tracks/${id}/transcript`,
    headers: who ? { cookie: who.cookie } : {},
    payload: payload as Record<string, unknown>,
  });
const stored = async (id = trackId) =>
  (await t.app.inject({ url: `/api/tracks/${id}/transcript`, headers: { cookie: owner.cookie } })).json().transcript;
const search = async (q: string) =>
  (await t.app.inject({ url: `/api/search/transcripts?q=${encodeURIComponent(q)}` })).json().items as {
    trackId: string;
    start: number | null;
    text: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  owner = await signUp(t, { role: 'creator', name: 'Cleo' });
  other = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-correct-'));
  const tone = await makeAudio(dir, 'mp3', 3);
  trackId = await upload(owner, { title: 'Kitchen talk', category: 'Podcast' }, tone);
  othersPrivateId = await upload(other, { title: 'Private talk', isPublic: 'false' }, tone);
  await t.ctx.jobs.drain();
  await saveAutomatic(t.ctx.database, trackId, MACHINE, t.ctx.clock.now());
  await saveAutomatic(t.ctx.database, othersPrivateId, MACHINE, t.ctx.clock.now());
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('correcting a transcript', () => {
  it('bad input is refused with a clear 400 and changes nothing', async () => {
    const before = await stored();
    expect(before.source).toBe('automatic');
    const basedOn = before.updatedAt;
    const cases: [unknown, string | RegExp][] = [
      [{ basedOn, cues: [{ index: 0, text: '   ' }] }, M.cueRequired],
      [{ basedOn, cues: [{ index: 0, text: 'a'.repeat(TRANSCRIPT_CUE_MAX + 1) }] }, M.cueTooLong],
      [{ basedOn, cues: [{ index: 0, text: 'nul\u0000byte' }] }, NUL_MESSAGE],
      [{ basedOn, cues: [] }, M.noCues],
      [{ basedOn, cues: [{ index: 3, text: 'a fourth cue' }] }, M.unknownCue],
      [
        {
          basedOn,
          cues: [
            { index: 1, text: 'moved' },
            { index: 0, text: 'up' },
          ],
        },
        M.unknownCue,
      ],
      [
        {
          basedOn,
          cues: [
            { index: 0, text: 'twice' },
            { index: 0, text: 'twice' },
          ],
        },
        M.unknownCue,
      ],
      [{ basedOn, cues: [{ index: -1, text: 'x' }] }, />=\s*0/],
      [{ basedOn, cues: [{ index: 0.5, text: 'x' }] }, /int/],
      [{ basedOn: 'yesterday', cues: [{ index: 0, text: 'x' }] }, /^basedOn must be/],
      [{ cues: [{ index: 0, text: 'x' }] }, /^basedOn must be/],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(owner, trackId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it("others cannot correct a track's transcript (404, as for a missing track); signed out is 401", async () => {
    const before = await stored();
    const body = { basedOn: before.updatedAt, cues: [{ index: 0, text: 'mine now' }] };
    expect((await patch(other, trackId, body)).statusCode).toBe(404);
    expect((await patch(null, trackId, body)).statusCode).toBe(401);
    const hidden = await t.app.inject({
      url: `/api/tracks/${othersPrivateId}/transcript`,
      headers: { cookie: other.cookie },
    });
    expect(
      (await patch(owner, othersPrivateId, { ...body, basedOn: hidden.json().transcript.updatedAt })).statusCode,
    ).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('saves corrected texts at the stored times, deletes a cue, and search follows the new words', async () => {
    expect((await search('mama')).map((h) => h.trackId)).toEqual([trackId]);
    const before = await stored();
    const res = await patch(owner, trackId, {
      basedOn: before.updatedAt,
      cues: [
        // Times sent along are not the client's to set: the stored ones are kept.
        { index: 0, text: '  Welcome to the   kitchen podcast. ', start: 99, end: 100 },
        { index: 1, text: 'Today we make orange marmalade with fresh oranges.' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ format: 'vtt', timed: true, source: 'manual' });
    expect(saved.cues).toEqual([
      { start: 0, end: 2.2, text: 'Welcome to the kitchen podcast.' },
      { start: 2.2, end: 6.05, text: 'Today we make orange marmalade with fresh oranges.' },
    ]);
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await stored()).toEqual(saved);

    const vtt = await t.app.inject({ url: `/api/tracks/${trackId}/transcript.vtt` });
    expect(vtt.body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.200\nWelcome to the kitchen podcast.\n\n' +
        '00:00:02.200 --> 00:00:06.050\nToday we make orange marmalade with fresh oranges.\n',
    );

    // The corrected word is found (as typed and with a typo), at its cue; the wrong one no more.
    expect(await search('marmalade')).toEqual([
      expect.objectContaining({ trackId, start: 2.2, text: 'Today we make orange marmalade with fresh oranges.' }),
    ]);
    expect((await search('marmalde')).map((h) => h.trackId)).toEqual([trackId]);
    expect((await search('mama')).map((h) => h.trackId)).not.toContain(trackId);
    expect((await search('hmm')).map((h) => h.trackId)).not.toContain(trackId);

    // It is the creator's now: a later automatic run does not overwrite it.
    await saveAutomatic(t.ctx.database, trackId, MACHINE, t.ctx.clock.now());
    expect(await stored()).toEqual(saved);
  });

  it('a correction made on an older version is refused (409) and overwrites nothing', async () => {
    const first = await stored();
    const ok = await patch(owner, trackId, { basedOn: first.updatedAt, cues: [{ index: 1, text: 'Only marmalade.' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const now = await stored();
    expect(now.cues).toEqual([{ start: 2.2, end: 6.05, text: 'Only marmalade.' }]);
    // A second tab still holds the first version.
    const stale = await patch(owner, trackId, { basedOn: first.updatedAt, cues: [{ index: 0, text: 'Stale edit' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(M.changed);
    expect(await stored()).toEqual(now);
  });

  it('a track without a transcript has nothing to correct (404)', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${trackId}/transcript`,
      headers: { cookie: owner.cookie },
    });
    const res = await patch(owner, trackId, { basedOn: new Date().toISOString(), cues: [{ index: 0, text: 'x' }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This audio has no transcript');
  });
});
