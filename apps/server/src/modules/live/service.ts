import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  LIVE_CHAT_HISTORY,
  LIVE_PUBLISHER_GRACE_MS,
  recordingCategory,
  type TCreateLiveStream,
  type TLiveChatList,
  type TLiveChatMessage,
  type TLiveStream,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { LiveHub, type LiveLimit } from '../../relay/hub';
import { probeDuration, rawRecordingPath, removeQuietly, remuxRecording } from '../../relay/recording';
import type { Publisher } from '../../relay/session';
import { announceIfPublic } from '../tracks/announce';
import { forgetTrack } from '../tracks/delivery-cache';
import { canManage, canPublish } from './policy';
import { presentChat, presentStream } from './presenter';
import * as repo from './repo';

const HEARTBEAT_MS = 5_000;
/** A stream created but never on air is given up after this long without a publisher. */
const PENDING_TIMEOUT_MS = 60_000;
/** Unsent bytes after which a listener is dropped (about 16 s of 64 kbit/s audio). */
const MAX_LISTENER_BUFFER = 128 * 1024;
/**
 * A publisher's average byte rate may not exceed 256 KiB/s (8x Opus at its highest bitrate), with
 * bursts up to 4 MiB (a reconnect's backlog): a client flooding the relay is cut off.
 */
const INGEST_BYTES_PER_SECOND = 256 * 1024;
const INGEST_BURST_BYTES = 4 * 1024 * 1024;

/** Shortest recording worth keeping as a track. */
const MIN_RECORDING_SECONDS = 0.5;

export interface LiveServiceOptions {
  graceMs?: number;
  maxListenerBuffer?: number;
  heartbeatMs?: number;
}

export type IngestRefusal = { code: number; reason: string };

/** Live broadcasting: streams, publishers, listeners, chat, and recordings that become tracks. */
export class LiveService {
  readonly hub: LiveHub;
  private graceMs: number;
  private readonly bootTime = new Date();
  private readonly finalizing = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private firstSweep?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (msg: string, err?: unknown) => void,
    opts: LiveServiceOptions = {},
  ) {
    this.graceMs = opts.graceMs ?? LIVE_PUBLISHER_GRACE_MS;
    this.hub = new LiveHub(
      {
        dataDir: ctx.config.dataDir,
        icecastUrl: ctx.config.ICECAST_URL,
        graceMs: this.graceMs,
        maxListenerBuffer: opts.maxListenerBuffer ?? MAX_LISTENER_BUFFER,
        ingestBytesPerSecond: INGEST_BYTES_PER_SECOND,
        ingestBurstBytes: INGEST_BURST_BYTES,
      },
      ctx.bus,
      {
        audio: (id, first) => this.onAudio(id, first),
        graceExpired: (id) => void this.endById(id).catch((e) => this.log('live: ending after grace failed', e)),
        viewers: (id, n) => void this.onViewers(id, n),
        log,
      },
    );
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  }
  private readonly heartbeatMs: number;

  /** Tests shorten the grace period and change the bounds. */
  configure(o: Partial<Record<LiveLimit, number>>): void {
    this.hub.configure(o);
    if (o.graceMs !== undefined) this.graceMs = o.graceMs;
  }

  private get db() {
    return this.ctx.database.db;
  }

  streamUrl(id: string): string {
    return this.hub.listenUrl(id) ?? `/api/live/${id}/stream`;
  }

  // Lifecycle

  /** Background duties: heartbeats, ending abandoned streams, finalizing leftover recordings. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
    this.timer.unref();
    void this.sweep(new Date(Date.now() - this.graceMs - this.heartbeatMs)).then(() => this.reconcileRecordings());
    // After one heartbeat period, streams nobody refreshed since our start have no publisher anywhere.
    this.firstSweep = setTimeout(() => void this.sweep(this.bootTime), this.heartbeatMs + 1000);
    this.firstSweep.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.firstSweep);
    const carried = this.hub.activeIds();
    await this.hub.close();
    // The broadcasts of this process end with it (lists stop showing them); their raw recordings
    // stay on disk and become tracks at the next start.
    for (const id of carried) {
      try {
        for (const e of await repo.endStream(this.db, id)) await this.announceEnded(e);
      } catch {
        // the database is going away too: the next start's sweep ends them
      }
    }
    await Promise.allSettled(this.finalizing.values());
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    try {
      const gone = await repo.heartbeat(this.db, this.hub.activeIds());
      for (const id of gone) await this.afterEnd({ id, userId: '', wasActive: false }, false);
      await this.sweep(new Date(Date.now() - this.graceMs - this.heartbeatMs));
    } catch (e) {
      if (!this.closed) this.log('live: heartbeat failed', e);
    }
  }

  private async sweep(staleBefore: Date): Promise<void> {
    if (this.closed) return;
    try {
      const ended = await repo.endAbandoned(
        this.db,
        staleBefore,
        new Date(Date.now() - PENDING_TIMEOUT_MS),
        this.hub.activeIds(),
      );
      for (const e of ended) await this.afterEnd(e);
    } catch (e) {
      if (!this.closed) this.log('live: sweeping abandoned streams failed', e);
    }
  }

  // Streams

  async create(user: SessionUser, input: Required<Omit<TCreateLiveStream, 'description'>> & { description: string }) {
    // One broadcast per creator: a new one ends any earlier one still open.
    for (const e of await repo.endStreamsOfUser(this.db, user.id)) await this.afterEnd(e);
    const row = await repo.insertStream(this.db, {
      userId: user.id,
      title: input.title,
      description: input.description || null,
      category: input.category,
      tags: input.tags,
    });
    const creator = await repo.findAuthor(this.db, user.id);
    return presentStream(row, creator ?? null, { streamUrl: this.streamUrl(row.id), isOwner: true });
  }

  async get(viewer: SessionUser | null, id: string): Promise<TLiveStream> {
    const found = await repo.findStream(this.db, id);
    if (!found) throw notFound('Stream');
    const { stream, creator } = found;
    const recording = stream.recordingTrackId ? await repo.findRecording(this.db, stream.recordingTrackId) : null;
    return presentStream(stream, creator, {
      streamUrl: this.streamUrl(stream.id),
      isOwner: canManage(viewer, stream),
      recording,
    });
  }

  async list(
    viewer: SessionUser | null,
    q: { category?: string; sort: 'viewers' | 'recent'; q?: string; limit: number },
  ) {
    const rows = await repo.listActive(this.db, { ...q, search: q.q || undefined });
    return {
      items: rows.map((r) =>
        presentStream(r.stream, r.creator, {
          streamUrl: this.streamUrl(r.stream.id),
          isOwner: canManage(viewer, r.stream),
        }),
      ),
    };
  }

  async end(user: SessionUser, id: string): Promise<TLiveStream> {
    const found = await repo.findStreamRow(this.db, id);
    if (!found) throw notFound('Stream');
    if (!canManage(user, found)) throw forbidden();
    await this.endById(id);
    return this.get(user, id);
  }

  private async endById(id: string): Promise<void> {
    // Cut the broadcast first, so the recording stops at the moment End Stream was pressed.
    await this.hub.end(id);
    for (const e of await repo.endStream(this.db, id)) await this.afterEnd(e);
  }

  /** After a stream's row is ended: stop it here, tell everyone, turn its recording into a track. */
  private async afterEnd(e: repo.EndedStream, announce = true): Promise<void> {
    await this.hub.end(e.id);
    if (announce) await this.announceEnded(e);
    this.finalizeInBackground(e.id);
  }

  private async announceEnded(e: repo.EndedStream): Promise<void> {
    if (!e.wasActive) return;
    const data = { streamId: e.id, userId: e.userId };
    await this.ctx.bus.publish(`live:${e.id}`, 'live.ended', data);
    await this.ctx.bus.publish('global', 'live.ended', data);
  }

  private async onAudio(id: string, first: boolean): Promise<void> {
    if (!first) return;
    let row: repo.StreamRow | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        row = await repo.markLive(this.db, id);
        break;
      } catch (e) {
        if (attempt >= 3 || this.closed) throw e;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    if (!row) return;
    const data = { streamId: id, userId: row.userId };
    await this.ctx.bus.publish(`live:${id}`, 'live.started', data);
    await this.ctx.bus.publish('global', 'live.started', data);
  }

  private async onViewers(id: string, viewers: number): Promise<void> {
    try {
      await repo.setViewers(this.db, id, viewers);
      await this.ctx.bus.publish(`live:${id}`, 'live.viewers', { streamId: id, viewers });
      await this.ctx.bus.publish('global', 'live.viewers', { streamId: id, viewers });
    } catch (e) {
      if (!this.closed) this.log('live: updating viewers failed', e);
    }
  }

  // Ingest

  /**
   * Checks a publisher may broadcast into the stream and attaches it; `onAir` runs once its audio
   * arrives and the stream is on air. Returns a refusal (a WebSocket close code) otherwise.
   */
  async openIngest(
    user: SessionUser | null,
    id: string,
    onAir: () => void,
    onEnded: () => void,
  ): Promise<Publisher | IngestRefusal> {
    if (!user) return { code: 4401, reason: 'Sign in to go live' };
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) return { code: 4404, reason: 'Stream not found' };
    if (!canPublish(user, stream)) return { code: 4403, reason: 'Only the stream creator can broadcast' };
    if (stream.endedAt) return { code: 4410, reason: 'The stream has ended' };
    const session = this.hub.get(id);
    if (!session && stream.isActive) {
      // On air, but not from this process: another process holds it, or it lost its publisher in a restart.
      const seen = stream.publisherSeenAt?.getTime() ?? 0;
      if (seen >= this.bootTime.getTime()) return { code: 4409, reason: 'The stream is broadcasting elsewhere' };
      await this.endById(id);
      return { code: 4410, reason: 'The stream has ended' };
    }
    if (session?.hasPublisher) return { code: 4409, reason: 'Another publisher is connected' };
    return this.hub.connectPublisher({ id, title: stream.title, description: stream.description }, onAir, onEnded);
  }

  /** A publisher connection closed. A stream that never got audio is let go at once. */
  publisherGone(id: string): void {
    const session = this.hub.get(id);
    if (!session || session.isLive || session.hasPublisher) return;
    void this.hub.end(id).then(async () => {
      if (!this.hub.get(id)) await removeQuietly(rawRecordingPath(this.ctx.config.dataDir, id));
    });
  }

  // Chat

  async chat(viewer: SessionUser | null, id: string): Promise<TLiveChatList> {
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) throw notFound('Stream');
    const rows = await repo.listChat(this.db, id, LIVE_CHAT_HISTORY);
    const isOwner = canManage(viewer, stream);
    return {
      items: rows.map((r) => presentChat(r.message, r.author, stream)),
      muted: viewer ? await repo.isMuted(this.db, id, viewer.id) : false,
      ...(isOwner ? { mutedUserIds: await repo.listMutes(this.db, id) } : {}),
    };
  }

  async postChat(user: SessionUser, id: string, content: string): Promise<TLiveChatMessage> {
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) throw notFound('Stream');
    const onAir = stream.isActive || this.hub.get(id)?.isLive;
    if (!onAir || stream.endedAt) throw new AppError('CONFLICT', 'This stream is not live');
    if (await repo.isMuted(this.db, id, user.id)) {
      throw forbidden('You have been muted in this chat');
    }
    const offset = this.hub.mediaSeconds(id) ?? (Date.now() - stream.createdAt.getTime()) / 1000;
    const row = await repo.insertChat(this.db, {
      streamId: id,
      userId: user.id,
      content,
      offsetSeconds: Math.max(0, Math.floor(offset)),
    });
    const message = presentChat(row, (await repo.findAuthor(this.db, user.id)) ?? null, stream);
    await this.ctx.bus.publish(`live:${id}`, 'live.chat', { streamId: id, messageId: row.id, message });
    return message;
  }

  async deleteChat(user: SessionUser, id: string, messageId: string): Promise<void> {
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) throw notFound('Stream');
    if (!canManage(user, stream)) throw forbidden();
    const message = await repo.findChat(this.db, id, messageId);
    if (!message || message.deletedAt) throw notFound('Message');
    await repo.deleteChat(this.db, messageId);
    await this.ctx.bus.publish(`live:${id}`, 'live.chat.deleted', { streamId: id, messageId });
  }

  async setMuted(user: SessionUser, id: string, userId: string, muted: boolean): Promise<void> {
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) throw notFound('Stream');
    if (!canManage(user, stream)) throw forbidden();
    if (userId === stream.userId) throw new AppError('VALIDATION_FAILED', 'The creator cannot be muted');
    if (!(await repo.userExists(this.db, userId))) throw notFound('User');
    if (muted) await repo.mute(this.db, id, userId);
    else await repo.unmute(this.db, id, userId);
  }

  // Recording

  /** Publishes the recording; the host decides whether the chat stays with it as comments. */
  async publishRecording(user: SessionUser, id: string, keepChat: boolean): Promise<TLiveStream> {
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream) throw notFound('Stream');
    if (!canManage(user, stream)) throw forbidden();
    if (!stream.recordingTrackId) throw new AppError('CONFLICT', 'The recording is not ready yet');
    await repo.publishRecordingTrack(this.db, { stream, trackId: stream.recordingTrackId, keepChat });
    forgetTrack(this.ctx, stream.recordingTrackId); // delivery caches rows briefly
    await announceIfPublic(this.ctx, stream.recordingTrackId); // followers hear of it once it is ready
    await this.ctx.bus.publish(`live:${id}`, 'live.recording', {
      streamId: id,
      trackId: stream.recordingTrackId,
      isPublic: true,
    });
    return this.get(user, id);
  }

  /** Resolves once any recording work for the stream is done (tests, shutdown). */
  async recordingSettled(id: string): Promise<void> {
    await this.finalizing.get(id);
  }

  private finalizeInBackground(id: string): void {
    if (this.finalizing.has(id)) return;
    const work = this.finalize(id)
      .catch((e) => this.log(`live: finalizing the recording of ${id} failed (kept for the next start)`, e))
      .finally(() => this.finalizing.delete(id));
    this.finalizing.set(id, work);
  }

  /**
   * Raw recording → seekable WebM (ffmpeg -c copy) → storage → a private draft track, then the
   * `track.process` job (the chat becomes comments only if the host keeps it when publishing). Safe to run again after a crash: the raw
   * file is only removed once the track exists.
   */
  private async finalize(id: string): Promise<void> {
    const raw = rawRecordingPath(this.ctx.config.dataDir, id);
    if (!fs.existsSync(raw)) return;
    const stream = await repo.findStreamRow(this.db, id);
    if (!stream || stream.recordingTrackId) return removeQuietly(raw);
    if (!stream.endedAt) return; // still open somewhere: finalized once it ends
    // A name of its own: another finalize of the same recording (a second LiveService sweeping the
    // same data, as in tests) must not overwrite or delete this one's output mid-way.
    const remuxed = `${raw}.${randomUUID().slice(0, 8)}.remux.webm`;
    try {
      await remuxRecording(raw, remuxed, this.ctx.config.FFMPEG_PATH);
      const duration = await probeDuration(remuxed, this.ctx.config.FFMPEG_PATH);
      if (!(duration >= MIN_RECORDING_SECONDS)) return await removeQuietly(raw);
      const key = `audio/${stream.userId}/${randomUUID()}.webm`;
      const stored = await this.ctx.storage.put(key, fs.createReadStream(remuxed), { contentType: 'audio/webm' });
      let made: { trackId: string; created: boolean };
      try {
        made = await repo.createRecordingTrack(this.db, {
          stream,
          audioKey: key,
          audioBytes: stored.size,
          duration,
          category: recordingCategory(stream.category),
        });
      } catch (e) {
        await this.ctx.storage.delete(key).catch(() => {});
        throw e;
      }
      await removeQuietly(raw);
      // Someone else finished it first: ours is a spare copy.
      if (!made.created) return await this.ctx.storage.delete(key);
      const { trackId } = made;
      await this.ctx.jobs.enqueue('track.process', { trackId });
      await this.ctx.bus.publish(`live:${id}`, 'live.recording', { streamId: id, trackId, isPublic: false });
    } finally {
      await removeQuietly(remuxed);
    }
  }

  /** At start: raw recordings left by a crash or shutdown become tracks once their stream has ended. */
  private async reconcileRecordings(): Promise<void> {
    const dir = path.dirname(rawRecordingPath(this.ctx.config.dataDir, 'x'));
    let files: string[];
    try {
      files = await fsp.readdir(dir);
    } catch {
      return;
    }
    for (const f of files) {
      if (f.endsWith('.remux.webm')) {
        await removeQuietly(path.join(dir, f));
        continue;
      }
      const m = /^([0-9a-f-]{36})\.webm$/.exec(f);
      if (m && !this.hub.get(m[1])) this.finalizeInBackground(m[1]);
    }
  }
}
