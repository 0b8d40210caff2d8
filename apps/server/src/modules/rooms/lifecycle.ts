import type { AppContext } from '../../context';
import { roomPlayback } from './playback';
import * as premieres from './premieres/repo';
import { premiereService } from './premieres/service';
import * as repo from './repo';
import { roomService } from './service';

/**
 * Rooms' subscribers to the lifecycle spine (ADR 0027), once per event (they write rows):
 * - `track.hidden` (removed, deleted, made private): the track leaves every queue; a room playing
 *   it moves to its next item. A premiere's own track is private by design until it starts, so
 *   premieres are kept unless the track was removed or deleted (then canceled).
 * - `track.shown` made public by its creator before its premiere: the premiere is canceled.
 * - `account.suspended`: the account leaves its rooms (host handed over) and its premieres are canceled.
 * - `account.deleted`: its member rows are gone with it; rooms it hosted get a new host or close.
 */
export function subscribeRoomLifecycle(ctx: AppContext): void {
  const rooms = roomService(ctx);
  const premiereSvc = premiereService(ctx);
  const { db } = ctx.database;
  const playback = roomPlayback(ctx);

  ctx.events.once('track.hidden', async ({ payload }) => {
    const open = await premieres.findForTrack(db, payload.trackId);
    const premiereRoom = open && (open.status === 'scheduled' || open.status === 'live') ? open.roomId : null;
    if (premiereRoom && payload.reason === 'private') return;
    if (open && premiereRoom) await premiereSvc.cancelPremiere(open.id);
    const removed = await repo.removeTrackFromQueues(db, payload.trackId).catch(() => []);
    const touched = new Set(removed.map((r) => r.roomId));
    for (const roomId of touched) {
      const room = await repo.findRoom(db, roomId);
      if (!room) continue;
      const playing = removed.find((r) => r.roomId === roomId && r.itemId === room.playback?.itemId);
      if (playing) {
        const next = await repo.nextQueueItem(db, roomId, playing.position);
        await playback.sync.skip(roomId, next ? playback.toItem(next) : null);
      }
      await playback.publishQueue(roomId);
    }
  });

  ctx.events.once('track.shown', async ({ payload }) => {
    const open = await premieres.findForTrack(db, payload.trackId);
    // The premiere's own start shows the track too, but has made it live in the same transaction.
    if (open?.status === 'scheduled' && payload.reason === 'public') await premiereSvc.cancelPremiere(open.id);
  });

  ctx.events.once('account.suspended', async ({ payload }) => {
    for (const p of await premieres.openForUser(db, payload.userId)) await premiereSvc.cancelPremiere(p.id);
    for (const m of await repo.roomsOfUser(db, payload.userId)) {
      await repo.setMemberLeft(db, m.memberId, ctx.clock.now());
      if (m.hostMemberId === m.memberId) await handOverOrClose(m.roomId);
      await rooms.publishMembers(m.roomId);
    }
  });

  ctx.events.once('account.deleted', async () => {
    for (const room of await repo.roomsWithoutHost(db)) await handOverOrClose(room.id);
  });

  async function handOverOrClose(roomId: string) {
    const heir = await rooms.handOverFrom(roomId, null);
    if (!heir) await rooms.closeRoom(roomId, 'account');
  }
}
