import { randomUUID } from 'node:crypto';
import {
  emptySchedule,
  endsAt,
  type RealtimeMessage,
  type RoomMemberReport,
  type RoomPlayback,
  roomTopic,
} from '@wavecast/shared';
import type { AppContext } from '../../../context';
import { perApp } from '../../../lib/per-app';
import type { EventBus } from '../../../realtime/bus';
import { syncNow } from '../../../realtime/sync-clock';
import { RoomMembers } from './members';
import type { QueueItem, RoomSyncState } from './state';
import * as T from './state';

const INTERNAL = 'internal:rooms';
/** How long a process without a room's state waits for another process to tell it. */
const ASK_TIMEOUT_MS = 300;
/** A wait whose coordinator is gone is committed by any process this long after its deadline. */
const FALLBACK_AFTER_MS = 1_500;

/** What the room product supplies: the next item when one ends, and where a decision is kept. */
export interface RoomSyncHooks {
  /** The item after `itemId` in the room's queue (null: none); asked when an item ends. */
  nextItem?(roomId: string, itemId: string): Promise<QueueItem | null>;
  /** Every decision, on the process that made it (to persist the schedule beside the room). */
  changed?(state: RoomSyncState): void;
}

export interface RoomSync {
  readonly processId: string;
  /** The room's current decision (asked of the other processes when this one has none). */
  get(roomId: string): Promise<RoomSyncState>;
  /** The presented form members get (`room.playback`). */
  present(state: RoomSyncState): RoomPlayback;
  /** Seeds a room's state (kept by the product), unless a newer one is held. */
  restore(state: RoomSyncState): void;
  load(roomId: string, item: QueueItem): Promise<RoomSyncState>;
  play(roomId: string): Promise<RoomSyncState>;
  pause(roomId: string): Promise<RoomSyncState>;
  seek(roomId: string, positionMs: number): Promise<RoomSyncState>;
  skip(roomId: string, item: QueueItem | null): Promise<RoomSyncState>;
  /**
   * Starts `item` at server sync time `at` for everyone, no wait (premieres). `at` is on the sync
   * clock (`syncNow()`), not the billing clock tests move: map a time from that clock by its
   * distance from `ctx.clock.now()`.
   */
  startAt(roomId: string, item: QueueItem, at: number): Promise<RoomSyncState>;
  /** A socket's report from the gateway; answers the room's playback for a joining member. */
  report(memberId: string, report: RoomMemberReport): Promise<RoomPlayback | null>;
  /** A socket left the room (unsubscribed or closed). */
  left(memberId: string, roomId: string): void;
  members(roomId: string): ReturnType<RoomMembers['list']>;
  setHooks(hooks: RoomSyncHooks): void;
  close(): void;
}

/** The rooms' sync state of this app (ADR 0057): one replica per process, kept equal over the bus. */
export const roomSync = perApp((ctx: AppContext) => createRoomSync(ctx.bus));

/** Time for the sync state: the server's sync clock and timers, or a simulation's virtual ones. */
export interface SyncTime {
  now(): number;
  /** Runs `run` after `ms`; returns the cancel. */
  after(ms: number, run: () => void): () => void;
}

const realTime: SyncTime = {
  now: syncNow,
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export function createRoomSync(bus: EventBus, time: SyncTime = realTime): RoomSync {
  const now = () => time.now();
  const processId = randomUUID();
  const states = new Map<string, RoomSyncState>();
  const members = new Map<string, RoomMembers>();
  const asks = new Map<string, Array<() => void>>();
  const timers = new Map<string, () => void>();
  /** Members of this process's sockets and what each said last (a repeated report costs nothing). */
  const joined = new Map<string, string>();
  let hooks: RoomSyncHooks = {};

  const roomMembers = (roomId: string) => {
    let m = members.get(roomId);
    if (!m) {
      m = new RoomMembers();
      members.set(roomId, m);
    }
    return m;
  };
  const present = (state: RoomSyncState): RoomPlayback => ({
    roomId: state.roomId,
    schedule: state.schedule,
    wait: state.wait
      ? { pending: roomMembers(state.roomId).pending(state.wait.key, now()).length, deadline: state.wait.deadline }
      : null,
  });

  /** Holds a decision if it is newer; members of this process hear it from the process that made it. */
  const accept = (state: RoomSyncState): boolean => {
    if (!T.isNewer(state, states.get(state.roomId))) return false;
    const before = states.get(state.roomId);
    // The wait that just ended without them: they stop holding the next ones.
    if (before?.wait && !state.wait && T.phaseOf(state) === 'playing') {
      const m = roomMembers(state.roomId);
      m.stallOut(m.pending(before.wait.key, now()).map((x) => x.memberId));
    }
    states.set(state.roomId, state);
    plan(state);
    return true;
  };

  /** Publishes a decision made here, to every process and every member. */
  const decide = async (state: RoomSyncState, before: RoomSyncState) => {
    if (state === before) return state;
    // A wait everyone is ready for already ends at once (a resume when all stand paused there).
    let made = state;
    if (made.wait && roomMembers(made.roomId).pending(made.wait.key, now()).length === 0)
      made = T.commit(made, { now: now(), origin: processId });
    accept(made);
    hooks.changed?.(made);
    await bus.publish(INTERNAL, 'room.sync.state', {
      roomId: made.roomId,
      origin: made.origin,
      schedule: made.schedule,
      wait: made.wait,
    });
    await bus.publish(roomTopic(made.roomId), 'room.playback', present(made));
    return made;
  };

  /** The timers a decision needs here: its wait's end (coordinator, or a fallback), its item's end. */
  const plan = (state: RoomSyncState) => {
    timers.get(state.roomId)?.();
    timers.delete(state.roomId);
    let at: number | null = null;
    let run: (() => Promise<void>) | null = null;
    if (state.wait) {
      at = state.wait.coordinator === processId ? state.wait.deadline : state.wait.deadline + FALLBACK_AFTER_MS;
      run = () => settle(state.roomId, true);
    } else if (state.origin === processId && hooks.nextItem && state.schedule.itemId) {
      at = endsAt(state.schedule);
      const item = state.schedule.itemId;
      run = async () => {
        const current = states.get(state.roomId);
        if (current !== state) return;
        const nextItem = await hooks.nextItem?.(state.roomId, item).catch(() => null);
        await change(state.roomId, (s, c) => T.skip(s, c, nextItem ?? null));
      };
    }
    if (at === null || !run) return;
    const task = run;
    timers.set(
      state.roomId,
      time.after(Math.max(0, at - now()), () => void task().catch(() => {})),
    );
  };

  /** Ends the room's wait when nobody is pending (or its deadline passed and `force`). */
  const settle = async (roomId: string, force: boolean) => {
    const state = states.get(roomId);
    if (!state?.wait) return;
    const pending = roomMembers(roomId).pending(state.wait.key, now()).length;
    const mine = state.wait.coordinator === processId;
    if (pending === 0 ? mine || force : force) await decide(T.commit(state, { now: now(), origin: processId }), state);
    else if (mine) await bus.publish(roomTopic(roomId), 'room.playback', present(state));
  };

  const get = async (roomId: string): Promise<RoomSyncState> => {
    const held = states.get(roomId);
    if (held) return held;
    // Another process may hold it: ask, and take what comes back within a moment.
    await new Promise<void>((resolve) => {
      const waiting = asks.get(roomId) ?? [];
      waiting.push(resolve);
      asks.set(roomId, waiting);
      time.after(ASK_TIMEOUT_MS, resolve);
      if (waiting.length === 1) void bus.publish(INTERNAL, 'room.sync.ask', { roomId, processId });
    });
    asks.delete(roomId);
    return states.get(roomId) ?? { roomId, schedule: emptySchedule(now()), origin: '', wait: null };
  };

  const change = async (
    roomId: string,
    step: (s: RoomSyncState, c: { now: number; origin: string }) => RoomSyncState,
  ) => {
    const before = await get(roomId);
    return decide(step(before, { now: now(), origin: processId }), before);
  };

  const unsubscribe = bus.subscribe((msg: RealtimeMessage) => {
    if (msg.topic !== INTERNAL) return;
    if (msg.event === 'room.sync.state') {
      const data = msg.data as RealtimeMessage<'room.sync.state'>['data'];
      if (accept({ ...data })) for (const resolve of asks.get(data.roomId) ?? []) resolve();
    } else if (msg.event === 'room.sync.member') {
      const data = msg.data as RealtimeMessage<'room.sync.member'>['data'];
      roomMembers(data.roomId).apply(data);
      const state = states.get(data.roomId);
      if (state?.wait?.coordinator === processId) void settle(data.roomId, false);
    } else if (msg.event === 'room.sync.ask') {
      const data = msg.data as RealtimeMessage<'room.sync.ask'>['data'];
      const held = states.get(data.roomId);
      if (held && data.processId !== processId)
        void bus.publish(INTERNAL, 'room.sync.state', { ...held, wait: held.wait });
    }
  });

  return {
    processId,
    get,
    present,
    restore: (state) => void accept(state),
    load: (roomId, item) => change(roomId, (s, c) => T.load(s, c, item)),
    play: (roomId) => change(roomId, T.play),
    pause: (roomId) => change(roomId, T.pause),
    seek: (roomId, positionMs) => change(roomId, (s, c) => T.seek(s, c, positionMs)),
    skip: (roomId, item) => change(roomId, (s, c) => T.skip(s, c, item)),
    startAt: (roomId, item, at) => change(roomId, (s, c) => T.startAt(s, c, item, at)),
    async report(memberId, report) {
      const roomId = report.topic.slice('room:'.length);
      const key = `${roomId}/${memberId}`;
      const first = !joined.has(key);
      const said = `${report.status}/${report.readyKey}`;
      if (!first && joined.get(key) === said) return null;
      joined.set(key, said);
      await bus.publish(INTERNAL, 'room.sync.member', {
        roomId,
        memberId,
        processId,
        status: report.status,
        readyKey: report.readyKey,
        at: now(),
      });
      return first ? present(await get(roomId)) : null;
    },
    left(memberId, roomId) {
      const key = `${roomId}/${memberId}`;
      if (!joined.delete(key)) return;
      void bus.publish(INTERNAL, 'room.sync.member', {
        roomId,
        memberId,
        processId,
        status: 'left',
        readyKey: null,
        at: now(),
      });
    },
    members: (roomId) => roomMembers(roomId).list(),
    setHooks(next) {
      hooks = next;
    },
    close() {
      unsubscribe();
      for (const cancel of timers.values()) cancel();
      timers.clear();
    },
  };
}
