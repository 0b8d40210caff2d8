import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { reconcileProcessing } from './jobs';
import { audioPart, makeAudio, makeImage, multipartBody } from './testing';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let dir: string;
let mp3: string;
let events: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'creator', name: 'Owner' });
  other = await signUp(t, { role: 'creator', name: 'Other' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-tracks-'));
  mp3 = await makeAudio(dir, 'mp3', 2);
  t.ctx.bus.subscribe((m) => events.push(m));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  events = [];
});

async function upload(fields: Record<string, string>, extra: Parameters<typeof multipartBody>[1] = []) {
  const { body, contentType } = multipartBody(fields, [await audioPart(mp3), ...extra]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track as { id: string; status: string; coverUrl: string };
}

const as = (user: TestUser | null) => ({ cookie: user?.cookie ?? '' });
const getTrack = async (id: string, user: TestUser | null = owner) =>
  (await t.app.inject({ url: `/api/tracks/${id}`, headers: as(user) })).json().track;
const named = (event: string) => events.filter((e) => e.event === event);
const keysOf = async (id: string) => (await t.ctx.storage.list('')).filter((k) => k.includes(id));

/** Makes retries due now (the queue backs off 2, 4 s…) and runs them. */
async function drainWithRetries() {
  for (let i = 0; i < 4; i++) {
    await t.ctx.database.query(`UPDATE jobs SET run_at = now() WHERE status = 'queued'`);
    await t.ctx.jobs.drain();
  }
}

describe('processing events', () => {
  it('announces a public upload once, when it is ready', async () => {
    const track = await upload({ title: 'Public one' });
    expect(named('track.uploaded')).toEqual([]);
    await t.ctx.jobs.drain();
    expect(named('track.processed').map((e) => e.topic)).toEqual([`track:${track.id}`, `user:${owner.id}`]);
    expect(named('track.uploaded')).toEqual([
      { topic: `user:${owner.id}`, event: 'track.uploaded', data: { trackId: track.id, userId: owner.id } },
    ]);
    // Running the job again (a crash after the work) changes nothing and says nothing new.
    await t.ctx.jobs.enqueue('track.process', { trackId: track.id });
    await t.ctx.jobs.drain();
    expect(named('track.uploaded')).toHaveLength(1);
  });

  it('announces a private upload only when it is published', async () => {
    const track = await upload({ title: 'Draft', isPublic: 'false' });
    await t.ctx.jobs.drain();
    expect(named('track.uploaded')).toEqual([]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: as(owner),
      payload: { isPublic: true },
    });
    expect(res.statusCode).toBe(200);
    expect(named('track.uploaded')).toHaveLength(1);
  });

  it('marks a track failed with a reason after the last attempt, shown to its owner only', async () => {
    const track = await upload({ title: 'Broken later' });
    const [row] = await t.ctx.database.query<{ audio_key: string }>(
      'SELECT audio_key FROM audio_content WHERE id = $1',
      [track.id],
    );
    // The stored original goes bad after the upload was accepted: every attempt fails.
    await t.ctx.storage.put(row.audio_key, Readable.from([Buffer.from('ID3garbage'.repeat(100))]));
    await t.ctx.jobs.drain();
    expect((await getTrack(track.id)).status).toBe('processing');
    await drainWithRetries();
    const failed = await getTrack(track.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/^The audio could not be processed/);
    expect(failed.failureReason).not.toContain(t.dataDir);
    expect(named('track.processed').at(-1)?.data).toEqual({ trackId: track.id, status: 'failed' });
    expect((await t.app.inject({ url: `/api/tracks/${track.id}`, headers: as(other) })).statusCode).toBe(404);
    // No rendition was left behind by the failed attempts.
    expect((await keysOf(track.id)).filter((k) => /\.[0-9a-f]{8}\./.test(k))).toEqual([]);
  });

  it('collects a crashed run’s leftovers and resumes "processing" tracks at boot', async () => {
    const track = await upload({ title: 'Crashed' });
    const leftover = `audio/${owner.id}/${track.id}.deadbeef.webm`;
    await t.ctx.storage.put(leftover, Readable.from([Buffer.from('half a rendition')]));
    // The worker died holding the job: it stays "running" with a lock far in the future.
    await t.ctx.database.query(
      `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 hour' WHERE payload->>'trackId' = $1`,
      [track.id],
    );
    await t.ctx.jobs.drain();
    expect((await getTrack(track.id)).status).toBe('processing');
    const reconciled = await reconcileProcessing(t.ctx);
    if (t.ctx.database.driver === 'pglite') {
      // PGlite: this process owns DATA_DIR alone, so a job "running" at boot was a dead worker's.
      expect(reconciled).toEqual({ requeued: 1, enqueued: 0 });
    } else {
      // PostgreSQL: another live process may hold it; it is claimed again once its lock expires.
      expect(reconciled).toEqual({ requeued: 0, enqueued: 0 });
      await t.ctx.database.query(
        `UPDATE jobs SET locked_until = now() - interval '1 second' WHERE payload->>'trackId' = $1`,
        [track.id],
      );
    }
    await t.ctx.jobs.drain();
    expect((await getTrack(track.id)).status).toBe('ready');
    expect(await keysOf(track.id)).not.toContain(leftover);

    // A row left "processing" with no job at all gets one.
    const lost = await upload({ title: 'Lost job' });
    await t.ctx.database.query(`DELETE FROM jobs WHERE payload->>'trackId' = $1`, [lost.id]);
    expect(await reconcileProcessing(t.ctx)).toEqual({ requeued: 0, enqueued: 1 });
    await t.ctx.jobs.drain();
    expect((await getTrack(lost.id)).status).toBe('ready');
  });
});

describe('managing tracks', () => {
  it('lists the creator’s own tracks with their status, newest first, page by page', async () => {
    const a = await upload({ title: 'First' });
    const b = await upload({ title: 'Second', isPublic: 'false' });
    const page1 = (await t.app.inject({ url: '/api/me/tracks?limit=1', headers: as(owner) })).json();
    expect(page1.items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect(page1.items[0].status).toBe('processing');
    expect(page1.items[0]).toHaveProperty('failureReason');
    const page2 = (
      await t.app.inject({ url: `/api/me/tracks?limit=1&cursor=${page1.nextCursor}`, headers: as(owner) })
    ).json();
    expect(page2.items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await t.app.inject({ url: '/api/me/tracks' })).statusCode).toBe(401);
    const theirs = (await t.app.inject({ url: '/api/me/tracks', headers: as(other) })).json();
    expect(theirs.items).toEqual([]);
    await t.ctx.jobs.drain();
  });

  it('says what each viewer may do with a track: the owner edits and deletes, nobody else', async () => {
    const track = await upload({ title: 'Abilities' });
    await t.ctx.jobs.drain();
    const admin = await signUp(t, { role: 'admin', name: 'Admin' });
    expect(await getTrack(track.id, owner)).toMatchObject({ canEdit: true, canDelete: true });
    for (const viewer of [other, admin, null]) {
      expect(await getTrack(track.id, viewer)).toMatchObject({ canEdit: false, canDelete: false });
    }
  });

  it('lets the owner edit every field; nobody else', async () => {
    const track = await upload({ title: 'Editable' });
    await t.ctx.jobs.drain();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: as(owner),
      payload: {
        title: '  Edited  ',
        description: 'Now with words',
        category: 'Podcast',
        tags: [' talk', 'talk', '', 'news '],
        chapterMarkers: [
          { title: 'Later', startTime: 1 },
          { title: 'Intro', startTime: 0 },
        ],
        allowDownloads: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().track;
    expect(edited).toMatchObject({
      title: 'Edited',
      description: 'Now with words',
      category: 'Podcast',
      tags: ['talk', 'news'],
      allowDownloads: false,
      downloadUrl: null,
    });
    expect(edited.chapterMarkers.map((c: { title: string }) => c.title)).toEqual(['Intro', 'Later']);

    const byOther = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: as(other),
      payload: { title: 'Mine now' },
    });
    expect(byOther.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: { ...as(owner), origin: 'https://evil.example' },
      payload: { title: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(403);
    const sneaky = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: as(owner),
      payload: { userId: other.id },
    });
    expect(sneaky.statusCode).toBe(400);
    expect((await getTrack(track.id)).creator.id).toBe(owner.id);
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: as(owner),
      payload: { title: ' ' },
    });
    expect(blank.json().error.message).toBe('Title is required');
  });

  it('replaces the cover: new sizes made, old files removed', async () => {
    const png = await fs.readFile(await makeImage(dir, 'png'));
    const track = await upload({ title: 'Covered' }, [
      { name: 'cover', filename: 'c.png', type: 'image/png', data: png },
    ]);
    await t.ctx.jobs.drain();
    const before = await keysOf(track.id);
    const [{ cover_key: oldCover }] = await t.ctx.database.query<{ cover_key: string }>(
      'SELECT cover_key FROM audio_content WHERE id = $1',
      [track.id],
    );
    expect(before.filter((k) => k.endsWith('.jpg'))).toHaveLength(3);

    const jpg = await fs.readFile(await makeImage(dir, 'jpg', 900));
    const { body, contentType } = multipartBody({}, [
      { name: 'cover', filename: 'new.jpg', type: 'image/jpeg', data: jpg },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tracks/${track.id}/cover`,
      headers: { ...as(owner), 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().track.coverUrl).not.toBe(track.coverUrl);
    await t.ctx.jobs.drain();
    const after = await t.ctx.storage.list('covers/');
    expect(after).not.toContain(oldCover);
    for (const k of before.filter((x) => x.endsWith('.jpg'))) expect(after).not.toContain(k);
    expect((await keysOf(track.id)).filter((k) => k.endsWith('.jpg'))).toHaveLength(3);

    const byOther = await t.app.inject({
      method: 'PUT',
      url: `/api/tracks/${track.id}/cover`,
      headers: { ...as(other), 'content-type': contentType },
      payload: body,
    });
    expect(byOther.statusCode).toBe(403);
  });

  it('deletes the row and every file; nobody else may', async () => {
    const png = await fs.readFile(await makeImage(dir, 'png'));
    const track = await upload({ title: 'Doomed' }, [
      { name: 'cover', filename: 'c.png', type: 'image/png', data: png },
    ]);
    await t.ctx.jobs.drain();
    const [{ cover_key: cover }] = await t.ctx.database.query<{ cover_key: string }>(
      'SELECT cover_key FROM audio_content WHERE id = $1',
      [track.id],
    );
    const files = [...(await keysOf(track.id)), cover];
    expect(files.length).toBeGreaterThanOrEqual(7); // original, 2 renditions, cover, 3 sizes
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/tracks/${track.id}`, headers: as(other) })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tracks/${track.id}`, headers: as(owner) });
    expect(res.statusCode).toBe(204);
    const left = await t.ctx.storage.list('');
    for (const f of files) expect(left).not.toContain(f);
    expect((await t.app.inject({ url: `/api/tracks/${track.id}`, headers: as(owner) })).statusCode).toBe(404);
  });

  it('answers Audio not found for an id that is not a track', async () => {
    const res = await t.app.inject({ url: '/api/tracks/not-a-uuid' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Audio not found' });
  });
});

describe('the creator dashboard', () => {
  it('counts plays, followers, audio and live streams, and lists real recent events', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const fan = await signUp(t, { name: 'Fan' });
    const { body, contentType } = multipartBody({ title: 'Hit' }, [await audioPart(mp3)]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
    const hit = up.json().track.id as string;
    await t.ctx.jobs.drain();
    const q = (sql: string, params: unknown[]) => t.ctx.database.query(sql, params);
    await q('UPDATE audio_content SET play_count = 12 WHERE id = $1', [hit]);
    await q(`INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, now() - interval '3 hours')`, [
      fan.id,
      creator.id,
    ]);
    await q(
      `INSERT INTO comments (audio_id, user_id, content, created_at) VALUES ($1, $2, 'Love it', now() - interval '2 hours')`,
      [hit, fan.id],
    );
    await q(`INSERT INTO comments (audio_id, user_id, content) VALUES ($1, $2, 'My own note')`, [hit, creator.id]);
    for (let i = 0; i < 10; i++) {
      await q(`INSERT INTO listen_events (audio_id, created_at) VALUES ($1, now() - make_interval(mins => $2))`, [
        hit,
        100 - i * 5,
      ]);
    }
    await q(`INSERT INTO live_streams (user_id, title, category, is_active) VALUES ($1, 'Old', 'Music', false)`, [
      creator.id,
    ]);
    await q(`INSERT INTO live_streams (user_id, title, category, is_active) VALUES ($1, 'Now', 'Music', true)`, [
      creator.id,
    ]);

    const stats = await t.app.inject({ url: '/api/creator/stats', headers: as(creator) });
    expect(stats.json()).toEqual({
      totalPlays: 12,
      followers: 1,
      audioContent: 1,
      liveStreams: 2,
      activeLiveStreams: 1,
    });
    const activity = (await t.app.inject({ url: '/api/creator/activity', headers: as(creator) })).json().items;
    expect(
      activity.map((a: { type: string; plays?: number }) => (a.type === 'milestone' ? `milestone ${a.plays}` : a.type)),
    ).toEqual(['milestone 10', 'milestone 1', 'comment', 'follow']);
    expect(activity[2]).toMatchObject({ content: 'Love it', user: { id: fan.id }, track: { id: hit, title: 'Hit' } });
    expect((await t.app.inject({ url: '/api/creator/stats', headers: as(fan) })).statusCode).toBe(403);
  });
});
