import { emptySchedule, type PlaybackSchedule, positionAt, type RoomPlayback, roomTopic } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { syncNow } from '../../realtime/sync-clock';
import { presentQueueItem } from './presenter';
import * as repo from './repo';
import { roomSync } from './sync/service';
import type { QueueItem, RoomSyncState } from './sync/state';

/**
 * The rooms product's side of the sync core (ADR 0057, 0058): the core holds each room's playback
 * decision in memory on every process; this keeps the last one in `rooms.playback` (so it comes
 * back after a restart), answers the core's "what comes next" from the queue (the item that ended
 * leaves it), and turns queue rows into the core's items.
 */
export const roomPlayback = perApp(makeRoomPlayback);

const toItem = (row: { id: string; duration: number }): QueueItem => ({
  itemId: row.id,
  durationMs: row.duration > 0 ? Math.round(row.duration * 1000) : null,
});

function makeRoomPlayback(ctx: AppContext) {
  const { db } = ctx.database;
  const sync = roomSync(ctx);

  /** The queue item after `itemId` (which leaves the queue: it was played or skipped). */
  async function nextAfter(roomId: string, itemId: string | null): Promise<QueueItem | null> {
    const current = itemId ? await repo.findQueueItem(db, roomId, itemId) : undefined;
    if (current) await repo.deleteQueueItem(db, current.id);
    const next = await repo.nextQueueItem(db, roomId, current?.position ?? -1);
    if (current) await publishQueue(roomId);
    return next ? toItem({ id: next.id, duration: next.duration }) : null;
  }

  async function publishQueue(roomId: string) {
    const items = (await repo.listQueue(db, roomId)).map(presentQueueItem);
    await ctx.bus.publish(roomTopic(roomId), 'room.queue', { roomId, items });
  }

  sync.setHooks({
    nextItem: (roomId, itemId) => nextAfter(roomId, itemId),
    changed: (state) => {
      repo.updateRoom(db, state.roomId, { playback: state.schedule }).catch(() => {});
    },
  });

  /** The room's current decision: the core's, seeded from the row when this process holds none. */
  async function state(room: repo.RoomRow): Promise<RoomSyncState> {
    const kept = room.playback ?? emptySchedule(syncNow());
    // A wait cannot be resumed from a row (its members are gone): it comes back paused there.
    sync.restore({ roomId: room.id, schedule: { ...kept, waiting: false }, origin: '', wait: null });
    return sync.get(room.id);
  }

  return {
    nextAfter,
    publishQueue,
    state,
    async present(room: repo.RoomRow): Promise<RoomPlayback> {
      return sync.present(await state(room));
    },
    /** Where the room's media stands now (ms): what a chat line is timed at. */
    async positionNow(room: repo.RoomRow): Promise<number> {
      const s = (await state(room)).schedule;
      return s.itemId ? Math.round(positionAt(s, syncNow())) : 0;
    },
    toItem,
    sync,

    /**
     * Starts `item` at a given sync-clock instant for everyone (a premiere's start): the same
     * decision the core's own transitions make, published the way it publishes them (to the other
     * processes on `internal:rooms`, to members as `room.playback`).
     */
    async startAt(room: repo.RoomRow, item: QueueItem, startAt: number) {
      const before = await state(room);
      const schedule: PlaybackSchedule = {
        itemId: item.itemId,
        durationMs: item.durationMs,
        startAt,
        positionAtStart: 0,
        paused: false,
        rate: 1,
        revision: before.schedule.revision + 1,
        waiting: false,
      };
      const made: RoomSyncState = { roomId: room.id, schedule, origin: sync.processId, wait: null };
      sync.restore(made);
      await repo.updateRoom(db, room.id, { playback: schedule });
      await ctx.bus.publish('internal:rooms', 'room.sync.state', {
        roomId: room.id,
        origin: made.origin,
        schedule,
        wait: null,
      });
      await ctx.bus.publish(roomTopic(room.id), 'room.playback', sync.present(made));
      return made;
    },
  };
}

export type RoomPlaybackPort = ReturnType<typeof roomPlayback>;
