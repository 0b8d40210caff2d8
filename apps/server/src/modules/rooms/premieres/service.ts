import { DEFAULT_COVER_URL, isUuid, ROOM_LIMITS, ROOM_MESSAGES, type TPremiere } from '@wavecast/shared';
import { loadTrackAccess } from '../../../access/tracks';
import type { AppContext } from '../../../context';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { perApp } from '../../../lib/per-app';
import type { SessionUser } from '../../../lib/session';
import { syncNow } from '../../../realtime/sync-clock';
import { commentsFromChat } from '../../comments/from-chat';
import { roomPlayback } from '../playback';
import * as rooms from '../repo';
import { roomService } from '../service';
import * as repo from './repo';
import { canMove, due, premiereTimeProblem } from './state-machine';

export const PREMIERE_TICK_JOB = 'premieres.tick';

/**
 * Premieres (ADR 0058): a track's first play at a set time in a room whose playback starts at that
 * instant. The track is private until then; `tick` moves premieres by the injectable clock
 * (scheduled → live: the track public, playback from `startsAt`; live → done: the chat kept as
 * timestamped comments, the room closed). It runs every few seconds (jobs.ts), and before a
 * premiere or its room is read, so the pages counting down start it at its instant, and a moved
 * test clock is seen at once.
 */
export const premiereService = perApp(makePremiereService);

function makePremiereService(ctx: AppContext) {
  const { db } = ctx.database;
  const roomsSvc = roomService(ctx);
  const playback = roomPlayback(ctx);

  function present(p: repo.PremiereRow, track: NonNullable<Awaited<ReturnType<typeof repo.trackFor>>>): TPremiere {
    return {
      id: p.id,
      trackId: p.trackId,
      roomId: p.roomId,
      status: p.status,
      startsAt: p.startsAt.toISOString(),
      title: track.title,
      coverUrl: track.coverKey ? `/api/tracks/${track.id}/cover` : DEFAULT_COVER_URL,
      duration: track.duration,
      creator: { id: track.userId, displayName: track.creatorName },
      serverNow: ctx.clock.now().getTime(),
    };
  }

  async function announce(kind: 'premiere.scheduled' | 'premiere.started', p: repo.PremiereRow, title: string) {
    await ctx.bus.publish('global', kind, {
      premiereId: p.id,
      trackId: p.trackId,
      roomId: p.roomId,
      userId: p.userId,
      title,
      startsAt: p.startsAt.toISOString(),
    });
  }

  /** Moves one premiere if its time has come (under its row lock: one process moves it once). */
  async function advance(id: string) {
    const now = ctx.clock.now();
    const moved = await db.transaction(async (tx) => {
      const p = await repo.findById(tx, id, true);
      if (!p) return null;
      const track = await repo.trackFor(tx, p.trackId);
      const next = due(p, (track?.duration ?? 0) * 1000, now, track?.status === 'ready');
      if (!next || !track || !canMove(p.status, next)) return null;
      if (next === 'live') {
        await repo.setStatus(tx, id, { status: 'live', startedAt: now });
        await repo.setTrackPublic(tx, p.trackId, true);
        await ctx.events.record(tx, 'track.shown', { trackId: p.trackId, ownerId: p.userId, reason: 'public' });
        return { p, next, track };
      }
      await repo.setStatus(tx, id, { status: 'done', endedAt: now });
      await commentsFromChat(tx, {
        trackId: p.trackId,
        streamEndedAt: now,
        duration: track.duration,
        loadChat: async () =>
          (await rooms.chatLines(tx, p.roomId)).map((m) => ({
            userId: m.userId,
            content: m.content,
            offsetSeconds: Math.max(0, Math.floor((m.mediaMs ?? 0) / 1000)),
            createdAt: m.createdAt,
          })),
      });
      return { p, next, track };
    });
    if (!moved) return;
    await ctx.events.deliverNow();
    if (moved.next === 'live') {
      // Every listener starts from the same server instant: the scheduled time, however late this
      // runs (the sync clock's, which is real time: the test clock's lead is taken off).
      const room = await rooms.findRoom(db, moved.p.roomId);
      const [item] = room ? await rooms.listQueue(db, room.id) : [];
      if (room && item) {
        const startAt = syncNow() + (moved.p.startsAt.getTime() - now.getTime());
        await playback.startAt(room, playback.toItem(item), startAt);
      }
      await announce('premiere.started', moved.p, moved.track.title);
      // The finish is due once the track has played through.
      await advance(id);
    } else {
      await roomsSvc.closeRoom(moved.p.roomId, 'premiere');
    }
  }

  async function tick() {
    for (const id of await repo.dueIds(db, ctx.clock.now())) await advance(id);
  }

  async function ownTrack(user: SessionUser, trackId: string) {
    const track = isUuid(trackId) ? await loadTrackAccess(ctx.database, trackId) : undefined;
    if (!track || (track.userId !== user.id && user.role !== 'admin')) throw notFound('Audio');
    if (track.userId !== user.id) throw forbidden('You can only change your own audio.');
    if (track.removed) throw forbidden('This track was removed');
    return track;
  }

  return {
    tick,

    /**
     * Schedules the track's premiere. `atUpload`: the track was just uploaded and is still
     * processing (its time was checked before the upload wrote anything); it starts once ready.
     */
    async schedule(
      user: SessionUser,
      trackId: string,
      startsAtIso: string,
      opts: { atUpload?: boolean } = {},
    ): Promise<TPremiere> {
      const track = await ownTrack(user, trackId);
      if (track.status !== 'ready' && !opts.atUpload) throw conflict('The track is still processing');
      const startsAt = new Date(startsAtIso);
      const problem = premiereTimeProblem(startsAt, ctx.clock.now());
      if (problem) throw badRequest(problem);
      const existing = await repo.findForTrack(db, trackId);
      if (existing && (existing.status === 'scheduled' || existing.status === 'live'))
        throw conflict(ROOM_MESSAGES.premiereExists);
      if (existing?.status === 'done') throw conflict(ROOM_MESSAGES.premiereStarted);
      const details = await repo.trackFor(db, trackId);
      if (!details) throw notFound('Audio');
      const room = await roomsSvc.create(user, {
        kind: 'premiere',
        name: `Premiere: ${details.title}`.slice(0, ROOM_LIMITS.nameMax),
        visibility: 'public',
        queuePolicy: 'host',
        trackIds: [trackId],
      });
      // Loaded (paused at its start) now, so the waiting pages buffer it before the countdown ends.
      const first = await playback.nextAfter(room.id, null);
      if (first) await playback.sync.load(room.id, first);
      const premiere = await db.transaction(async (tx) => {
        const row = await repo.insertPremiere(tx, { trackId, userId: user.id, roomId: room.id, startsAt });
        if (details.isPublic) {
          await repo.setTrackPublic(tx, trackId, false);
          await ctx.events.record(tx, 'track.hidden', { trackId, ownerId: user.id, reason: 'private' });
        }
        return row;
      });
      await ctx.events.deliverNow();
      await announce('premiere.scheduled', premiere, details.title);
      return present(premiere, details);
    },

    /** The track's premiere for anyone (its countdown page), moved first if its time came. */
    async forTrack(trackId: string): Promise<TPremiere> {
      if (!isUuid(trackId)) throw notFound('Premiere');
      const found = await repo.findForTrack(db, trackId);
      if (!found || found.status === 'canceled') throw notFound('Premiere');
      if (due(found, Number.POSITIVE_INFINITY, ctx.clock.now()) || found.status === 'live') await advance(found.id);
      const p = (await repo.findById(db, found.id)) ?? found;
      const track = await repo.trackFor(db, p.trackId);
      if (!track) throw notFound('Premiere');
      return present(p, track);
    },

    /** The room's premiere (start and track), moved first if due; null for an ordinary room. */
    async forRoom(roomId: string) {
      const found = await repo.findByRoom(db, roomId);
      if (!found) return null;
      if (found.status === 'scheduled' || found.status === 'live') await advance(found.id);
      return { startsAt: found.startsAt, trackId: found.trackId };
    },

    async cancel(user: SessionUser, trackId: string) {
      await ownTrack(user, trackId);
      const p = await repo.findForTrack(db, trackId);
      if (!p || p.status === 'canceled' || p.status === 'done') throw notFound('Premiere');
      if (!canMove(p.status, 'canceled')) throw conflict(ROOM_MESSAGES.premiereStarted);
      await cancelPremiere(p.id);
    },

    cancelPremiere: (id: string) => cancelPremiere(id),
  };

  /** Cancels a scheduled premiere (the track stays private: its creator decides), closing its room. */
  async function cancelPremiere(id: string) {
    const p = await repo.findById(db, id);
    if (!p || !canMove(p.status, 'canceled')) return;
    await repo.setStatus(db, id, { status: 'canceled', endedAt: ctx.clock.now() });
    await roomsSvc.closeRoom(p.roomId, 'premiere');
  }
}
