import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { audioContent, comments, jobs, liveStreams } from '../../db/schema';
import { probeDuration, rawRecordingPath } from '../../relay/recording';
import { connectPublisher } from '../../relay/testing/clients';
import { opusPackets, synthesize } from '../../relay/testing/webm-fixtures';
import { LiveTimeline } from '../../relay/timeline';
import { WebmDemuxer } from '../../relay/webm-demuxer';
import { LiveService } from './service';

let t: TestApp;
let base: string;
let creator: TestUser;
let listener: TestUser;
const source = opusPackets(8, 60);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  creator = await signUp(t, { role: 'creator' });
  listener = await signUp(t, { name: 'Lee' });
});
afterAll(() => t.close());

async function createStream(title: string, category = 'Education') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: creator.cookie },
    payload: { title, description: 'A set', category, tags: ['lesson', 'live'] },
  });
  return res.json().id as string;
}

/** For what the relay and the finalizer make happen: late on a busy machine. */
const POLL = { timeout: scaled(10_000), interval: 20 };

describe('recording', () => {
  it('becomes a private draft track at End Stream; the chat becomes comments only once published', async () => {
    const id = await createStream('Lesson one');
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    const chunks = synthesize(source, 'chrome', 240); // 8 s of audio
    await pub.play(chunks.slice(0, 17), 0); // ~4 s
    await pub.onAir;
    await expect.poll(() => t.app.live.hub.mediaSeconds(id) ?? 0, POLL).toBeGreaterThanOrEqual(4);
    const chat = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/chat`,
      headers: { cookie: listener.cookie },
      payload: { content: 'Great point!' },
    });
    expect(chat.json().offsetSeconds).toBe(4);
    await pub.play(chunks.slice(17), 0);
    // The relay has taken in the last of the 8 s before End Stream.
    await expect.poll(() => t.app.live.hub.mediaSeconds(id) ?? 0, POLL).toBeGreaterThan(7.8);
    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await t.app.live.recordingSettled(id);

    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie: creator.cookie } })
    ).json();
    expect(mine.recording).toMatchObject({ status: 'processing', isPublic: false });
    expect(Math.abs(mine.recording.duration - 8)).toBeLessThan(0.3);
    const [track] = await t.ctx.database.db
      .select()
      .from(audioContent)
      .where(eq(audioContent.id, mine.recording.trackId));
    expect(track).toMatchObject({
      userId: creator.id,
      title: 'Lesson one',
      description: 'A set',
      isPublic: false,
      status: 'processing',
      liveStreamId: id,
      audioMime: 'audio/webm',
      category: 'Educational',
      tags: ['lesson', 'live'],
    });
    expect(track.audioKey).toMatch(new RegExp(`^audio/${creator.id}/[0-9a-f-]{36}\\.webm$`));
    // Stored, seekable (a Duration and Cues), of the broadcast's length.
    const file = path.join(t.dataDir, 'storage', track.audioKey);
    const probed = await probeDuration(file, t.ctx.config.FFMPEG_PATH);
    expect(Math.abs(probed - 8)).toBeLessThan(0.3);
    expect(track.audioBytes).toBe(fs.statSync(file).size);
    const notesOf = () => t.ctx.database.db.select().from(comments).where(eq(comments.audioId, track.id));
    expect(await notesOf()).toEqual([]); // a draft carries no one's words yet
    const queued = await t.ctx.database.db.select().from(jobs).where(eq(jobs.type, 'track.process'));
    expect(queued.map((j) => j.payload)).toContainEqual({ trackId: track.id });
    const [stream] = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
    expect(stream.recordingTrackId).toBe(track.id);
    expect(fs.existsSync(rawRecordingPath(t.dataDir, id))).toBe(false);

    // The media pipeline takes it from there: renditions, loudness, peaks, then ready.
    await t.ctx.jobs.drain();
    const processed = (
      await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie: creator.cookie } })
    ).json();
    expect(processed.recording.status).toBe('ready');
    const drafts = (
      await t.app.inject({ method: 'GET', url: '/api/me/tracks', headers: { cookie: creator.cookie } })
    ).json();
    expect(drafts.items).toContainEqual(expect.objectContaining({ id: track.id, isPublic: false, status: 'ready' }));

    // Published keeping the chat (the default): timestamped comments, once, however often it is published.
    for (let i = 0; i < 2; i++) {
      const published = await t.app.inject({
        method: 'POST',
        url: `/api/live/${id}/recording/publish`,
        headers: { cookie: creator.cookie },
        payload: { keepChat: true },
      });
      expect(published.statusCode).toBe(200);
    }
    expect(await notesOf()).toMatchObject([{ content: 'Great point!', userId: listener.id, positionSeconds: 4 }]);
  });

  it('is visible to others only once the creator publishes it with one call', async () => {
    const id = await createStream('Lesson two');
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    await pub.play(synthesize(source, 'chrome', 240).slice(0, 10), 0);
    await pub.onAir;
    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await t.app.live.recordingSettled(id);
    const view = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie } })).json();
    expect((await view(listener.cookie)).recording).toBeNull();
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/recording/publish`,
      headers: { cookie: listener.cookie },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/recording/publish`,
      headers: { cookie: creator.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recording.isPublic).toBe(true);
    expect((await view(listener.cookie)).recording).toMatchObject({ isPublic: true });
  });

  it('published without the chat: no comments are made from it, and the live category maps onto the track', async () => {
    const id = await createStream('Evening news', 'News');
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    const chunks = synthesize(source, 'chrome', 240);
    await pub.play(chunks.slice(0, 10), 0);
    await pub.onAir;
    const chat = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/chat`,
      headers: { cookie: listener.cookie },
      payload: { content: 'Not for the record' },
    });
    expect(chat.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await t.app.live.recordingSettled(id);
    const live = (
      await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie: creator.cookie } })
    ).json();
    expect(live.isRecorded).toBe(true);
    const trackId = live.recording.trackId as string;

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/recording/publish`,
      headers: { cookie: creator.cookie },
      payload: { keepChat: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const [untouched] = await t.ctx.database.db.select().from(audioContent).where(eq(audioContent.id, trackId));
    expect(untouched.isPublic).toBe(false);

    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/live/${id}/recording/publish`,
      headers: { cookie: creator.cookie },
      payload: { keepChat: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recording.isPublic).toBe(true);
    const [track] = await t.ctx.database.db.select().from(audioContent).where(eq(audioContent.id, trackId));
    expect(track.category).toBe('Podcast');
    expect(await t.ctx.database.db.select().from(comments).where(eq(comments.audioId, trackId))).toEqual([]);
  });

  const hostView = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie: creator.cookie } })).json();

  it('a stream that never got audio leaves no track, and its host is told no draft will come', async () => {
    const id = await createStream('Silent');
    expect((await hostView(id)).isRecorded).toBe(true);
    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await t.app.live.recordingSettled(id);
    const [stream] = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
    expect(stream.recordingTrackId).toBeNull();
    expect(stream.endedAt).not.toBeNull();
    expect(await hostView(id)).toMatchObject({ status: 'ended', isRecorded: false, recording: null });
  });

  it('a broadcast under half a second is discarded, and says so instead of leaving its host waiting', async () => {
    const id = await createStream('Blip');
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    await pub.play(synthesize(source, 'chrome', 240).slice(0, 1), 0); // one chunk: ~0.24 s
    await pub.onAir;
    const told: unknown[] = [];
    const off = t.ctx.bus.subscribe((m) => {
      if (m.topic === `live:${id}` && m.event === 'live.recording') told.push(m.data);
    });
    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await t.app.live.recordingSettled(id);
    off();
    expect(told).toEqual([{ streamId: id, trackId: null, isPublic: false }]);
    expect(await hostView(id)).toMatchObject({ status: 'ended', isRecorded: false, recording: null });
    expect(fs.existsSync(rawRecordingPath(t.ctx.config.dataDir, id))).toBe(false);
    pub.close();
  });

  it('at start, streams left on air without a publisher end and their raw recordings become tracks', async () => {
    const id = await createStream('Crashed');
    // As a crashed process leaves it: on air, a stale heartbeat, a raw recording on disk.
    await t.ctx.database.db
      .update(liveStreams)
      .set({ isActive: true, publisherSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(liveStreams.id, id));
    const timeline = new LiveTimeline();
    const demuxer = new WebmDemuxer(timeline.connection());
    const out: Buffer[] = [];
    for (const c of synthesize(source, 'chrome', 240).slice(0, 13)) {
      demuxer.push(c);
      out.push(timeline.take() as Buffer);
    }
    const raw = rawRecordingPath(t.dataDir, id);
    fs.mkdirSync(path.dirname(raw), { recursive: true });
    fs.writeFileSync(raw, Buffer.concat([(timeline.header as { bytes: Buffer }).bytes, ...out]));
    // A stream another process refreshed after our start is left alone.
    const other = await createStream('Elsewhere');
    const booted = new LiveService(t.ctx, () => {}, { heartbeatMs: 200 });
    await t.ctx.database.db
      .update(liveStreams)
      .set({ isActive: true, publisherSeenAt: new Date(Date.now() + 5_000) })
      .where(eq(liveStreams.id, other));
    booted.start();
    try {
      const settled = async () => {
        const [s] = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
        return s.recordingTrackId ? s : null;
      };
      let stream = await settled();
      for (const deadline = Date.now() + scaled(10_000); !stream && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 100));
        stream = await settled();
      }
      await booted.recordingSettled(id);
      expect(stream?.isActive).toBe(false);
      expect(stream?.endedAt).not.toBeNull();
      const [track] = await t.ctx.database.db
        .select()
        .from(audioContent)
        .where(eq(audioContent.id, stream?.recordingTrackId as string));
      expect(Math.abs(track.duration - 3.12)).toBeLessThan(0.3);
      expect(fs.existsSync(raw)).toBe(false);
      await new Promise((r) => setTimeout(r, 1500)); // past the "refreshed since start" sweep
      const [alive] = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, other));
      expect(alive.endedAt).toBeNull();
    } finally {
      await booted.close();
    }
  });
});
