import type { Role, TCreateLiveStream, TLiveEndReason, TLiveStream, TMyLiveStream } from '@wavecast/shared';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { announceIfPublic } from '../tracks/announce';
import type { LiveAllowance } from './allowance';
import { loadManagedStream } from './load';
import { canManage, canSeeStream } from './policy';
import { presentStream } from './presenter';
import type { RecordingFinalizer } from './recording-finalizer';
import * as repo from './repo';
import type { LiveRuntime } from './runtime';

/** Streams: create, read, list, go on air, end, and publish the recording. */
export class LiveStreams {
  /** The stream key each encoder-fed broadcast went live with (for live.started). */
  private readonly keyNames = new Map<string, string>();
  /** Whose broadcast each publisher attached here is (an account's end finds its streams without its rows). */
  private readonly owners = new Map<string, string>();
  /** Why the server is ending a stream (its publisher is told), while it ends. */
  private readonly ending = new Map<string, TLiveEndReason>();

  constructor(
    private readonly rt: LiveRuntime,
    private readonly recordings: RecordingFinalizer,
    private readonly allowance: LiveAllowance,
  ) {}

  private get db() {
    return this.rt.ctx.database.db;
  }

  private get bus() {
    return this.rt.ctx.bus;
  }

  streamUrl(id: string): string {
    return this.rt.hub.listenUrl(id) ?? `/api/live/${id}/stream`;
  }

  async create(user: SessionUser, input: Required<Omit<TCreateLiveStream, 'description'>> & { description: string }) {
    await this.allowance.assertMayStart(user);
    // One broadcast per creator: a new one ends any earlier one still open.
    for (const e of await repo.endBroadcastsOfUser(this.db, user.id)) await this.afterEnd(e);
    const row = await repo.insertStream(this.db, {
      userId: user.id,
      title: input.title,
      description: input.description || null,
      category: input.category,
      tags: input.tags,
    });
    const creator = await repo.findAuthor(this.db, user.id);
    return presentStream(row, creator ?? null, { streamUrl: this.streamUrl(row.id), canManage: canManage(user, row) });
  }

  async get(viewer: SessionUser | null, id: string): Promise<TLiveStream> {
    const found = await repo.findStream(this.db, id);
    if (!found || !canSeeStream(viewer, found)) throw notFound('Stream');
    const { stream, creator } = found;
    const recording = stream.recordingTrackId ? await repo.findRecording(this.db, stream.recordingTrackId) : null;
    return presentStream(stream, creator, {
      streamUrl: this.streamUrl(stream.id),
      canManage: canManage(viewer, stream),
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
          canManage: canManage(viewer, r.stream),
        }),
      ),
    };
  }

  /**
   * The user's stream still on air, for a reloaded Go Live page to resume: with whether a
   * publisher is connected and how long the relay still waits for one. A stream on air here
   * without a session, and not refreshed by another process since this one started, lost its
   * publisher in a restart: it is not offered (connecting would end it).
   */
  async mine(user: SessionUser): Promise<TMyLiveStream> {
    const none = { stream: null, publisherConnected: false, graceMsLeft: null };
    const row = await repo.findOpenStreamOf(this.db, user.id, { prepared: false });
    if (!row) return none;
    const session = this.rt.hub.get(row.id);
    if (session?.isEnded) return none;
    let graceMsLeft: number | null = null;
    if (session) {
      const goneAt = session.publisherGoneAt;
      if (goneAt !== null) graceMsLeft = Math.max(0, Math.round(goneAt + this.rt.graceMs - Date.now()));
    } else if ((row.publisherSeenAt?.getTime() ?? 0) < this.rt.bootTime.getTime()) {
      return none;
    }
    return {
      stream: await this.get(user, row.id),
      publisherConnected: session?.hasPublisher ?? false,
      graceMsLeft,
    };
  }

  /** The publisher attaching to a stream is the user's, with a stream key (an encoder) or not (a browser). */
  publishingWith(id: string, userId: string, keyName: string | undefined): void {
    this.owners.set(id, userId);
    if (keyName) this.keyNames.set(id, keyName);
    else this.keyNames.delete(id);
  }

  /**
   * The stream an encoder goes live on: the creator's open one (prepared on Go Live, or on air
   * and waiting for its publisher to come back), otherwise a new one from the encoder's metadata.
   */
  async forEncoder(
    user: SessionUser,
    meta: { title: string; description: string; category: TCreateLiveStream['category'] },
  ): Promise<string> {
    const open = await repo.findOpenStreamOf(this.db, user.id, { prepared: true });
    if (open) return open.id;
    const created = await this.create(user, { ...meta, tags: [] });
    return created.id;
  }

  /**
   * A radio channel's air (issue 38): a stream row the channel's engine publishes into, apart from
   * the creator's broadcasts. The free plan's live allowance counts its on-air time like any stream's.
   */
  async openForRadio(
    owner: { id: string; role: Role },
    v: { radioChannelId: string; title: string; description: string | null; category: string },
  ): Promise<string> {
    await this.allowance.assertMayStart(owner);
    const row = await repo.insertStream(this.db, { userId: owner.id, tags: [], ...v });
    this.owners.set(row.id, owner.id);
    return row.id;
  }

  /** The creator's stream on air (an encoder's metadata update names no stream, only its key). */
  async onAirOf(userId: string): Promise<string | null> {
    return (await repo.findOpenStreamOf(this.db, userId, { prepared: false }))?.id ?? null;
  }

  /**
   * The encoder says what is playing: kept on the stream (for listeners who join later) and sent to
   * the live page. Empty text clears it. False when the stream has ended meanwhile.
   */
  async setNowPlaying(id: string, text: string): Promise<boolean> {
    const nowPlaying = text || null;
    if (!(await repo.setNowPlaying(this.db, id, nowPlaying))) return false;
    await this.bus.publish(`live:${id}`, 'live.nowPlaying', { streamId: id, nowPlaying });
    return true;
  }

  async end(user: SessionUser, id: string): Promise<TLiveStream> {
    await loadManagedStream(this.db, user, id);
    await this.endById(id);
    return this.get(user, id);
  }

  async endById(id: string): Promise<void> {
    // Cut the broadcast first, so the recording stops at the moment End Stream was pressed.
    await this.rt.hub.end(id);
    const ended = await repo.endStream(this.db, id);
    for (const e of ended) await this.afterEnd(e);
    // Another process ended the row first (an account's end reaches every process): the recording
    // made here is still finalized here, where its file is.
    if (ended.length === 0) this.forgetHere(id);
  }

  /**
   * The account was suspended or deleted (a lifecycle event, run on every process): the broadcasts
   * held here are cut (browser publisher and encoder alike), listeners' connections end and they get
   * live.ended, as at End Stream. A suspended creator's recording becomes a draft as usual; a deleted
   * one's rows are gone, so its raw recording is discarded. Streams held nowhere (prepared, never on
   * air) are ended in the database; a mirror of one held elsewhere closes here at once.
   */
  async endForAccount(userId: string, how: 'suspended' | 'deleted'): Promise<string[]> {
    const hub = this.rt.hub;
    const here = [...this.owners].filter(([id, owner]) => owner === userId && hub.get(id)).map(([id]) => id);
    const ended = new Set(here);
    for (const id of here) {
      if (how === 'suspended') {
        this.ending.set(id, 'suspended');
        try {
          await this.endById(id);
        } finally {
          this.ending.delete(id);
        }
        continue;
      }
      const wasActive = hub.get(id)?.isLive ?? false;
      await hub.end(id);
      // No row: the finalizer removes the raw recording.
      await this.afterEnd({ id, userId, wasActive }, { takenDown: true });
    }
    if (how === 'deleted') return [...ended];
    for (const e of await repo.endStreamsOfUser(this.db, userId)) {
      ended.add(e.id);
      await this.afterEnd(e, { takenDown: true });
    }
    const mirrored = hub.mirroredIds();
    if (mirrored.length > 0) {
      for (const id of await repo.streamIdsOfUserAmong(this.db, userId, mirrored)) {
        ended.add(id);
        await hub.end(id);
      }
    }
    return [...ended];
  }

  /** Why the server is ending this stream right now, if it is (the ingest gate tells the publisher). */
  endReason(id: string): TLiveEndReason | undefined {
    return this.ending.get(id);
  }

  private forgetHere(id: string): void {
    this.allowance.forget(id);
    this.keyNames.delete(id);
    this.owners.delete(id);
    this.recordings.inBackground(id);
  }

  /**
   * After a stream's row is ended: stop it here, tell everyone (`takenDown` when its account was
   * suspended or deleted), turn its recording into a track.
   */
  async afterEnd(e: repo.EndedStream, o: { announce?: boolean; takenDown?: boolean } = {}): Promise<void> {
    this.allowance.forget(e.id);
    this.keyNames.delete(e.id);
    this.owners.delete(e.id);
    await this.rt.hub.end(e.id);
    if (o.announce ?? true) await this.announceEnded(e, o.takenDown || this.ending.get(e.id) === 'suspended');
    this.recordings.inBackground(e.id);
  }

  /**
   * At shutdown: the broadcasts of this process end with it (lists stop showing them); their raw
   * recordings stay on disk and become tracks at the next start.
   */
  async endCarried(ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        for (const e of await repo.endStream(this.db, id)) await this.announceEnded(e);
      } catch {
        // the database is going away too: the next start's sweep ends them
      }
    }
  }

  /**
   * Tells listeners' pages the stream ended (also a deleted account's streams, whose rows are gone);
   * `takenDown` stops their players at once rather than after the audio they hold.
   */
  async announceEnded(e: repo.EndedStream, takenDown = false): Promise<void> {
    if (!e.wasActive) return;
    const data = { streamId: e.id, userId: e.userId, ...(takenDown && { takenDown: true as const }) };
    await this.bus.publish(`live:${e.id}`, 'live.ended', data);
    await this.bus.publish('global', 'live.ended', data);
  }

  /** The relay got audio; the first of a broadcast puts the stream on air. */
  async onAudio(id: string, first: boolean): Promise<void> {
    if (!first) return;
    let row: repo.StreamRow | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        row = await repo.markLive(this.db, id);
        break;
      } catch (e) {
        if (attempt >= 3 || this.rt.closed) throw e;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    if (!row) return;
    const keyName = this.keyNames.get(id);
    const data = { streamId: id, userId: row.userId, ...(keyName ? { keyName } : {}) };
    await this.bus.publish(`live:${id}`, 'live.started', data);
    await this.bus.publish('global', 'live.started', data);
  }

  async onViewers(id: string, viewers: number): Promise<void> {
    try {
      await repo.setViewers(this.db, id, viewers);
      await repo.sampleListeners(this.db, [id], this.rt.ctx.clock.now());
      await this.bus.publish(`live:${id}`, 'live.viewers', { streamId: id, viewers });
      await this.bus.publish('global', 'live.viewers', { streamId: id, viewers });
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: updating viewers failed', e);
    }
  }

  /**
   * The process holding the broadcast died (its lease lapsed; this process noticed first): pages
   * say so until it comes back through any process within the grace period, or the sweep ends it.
   */
  async onInterrupted(id: string): Promise<void> {
    try {
      const row = await repo.findStreamRow(this.db, id);
      if (!row || row.endedAt) return;
      await this.bus.publish(`live:${id}`, 'live.interrupted', { streamId: id });
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: announcing an interruption failed', e);
    }
  }

  /** The broadcast's audio flows again (taken over by this process, or this process recovered). */
  async onResumed(id: string): Promise<void> {
    try {
      await this.bus.publish(`live:${id}`, 'live.resumed', { streamId: id });
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: announcing a resumed broadcast failed', e);
    }
  }

  /** Publishes the recording; the host decides whether the chat stays with it as comments. */
  async publishRecording(user: SessionUser, id: string, keepChat: boolean): Promise<TLiveStream> {
    const stream = await loadManagedStream(this.db, user, id);
    if (!stream.recordingTrackId) throw new AppError('CONFLICT', 'The recording is not ready yet');
    await repo.publishRecordingTrack(this.db, { stream, trackId: stream.recordingTrackId, keepChat });
    await this.rt.ctx.events.publish('track.changed', { trackId: stream.recordingTrackId });
    await announceIfPublic(this.rt.ctx, stream.recordingTrackId); // followers hear of it once it is ready
    await this.bus.publish(`live:${id}`, 'live.recording', {
      streamId: id,
      trackId: stream.recordingTrackId,
      isPublic: true,
    });
    return this.get(user, id);
  }
}
