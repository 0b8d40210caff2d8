import { emptySchedule, positionAt, readyKey, SYNC } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { RoomMembers } from './members';
import * as T from './state';

const c = (now: number) => ({ now, origin: 'p1' });
const empty = (): T.RoomSyncState => ({ roomId: 'r', schedule: emptySchedule(0), origin: '', wait: null });
const item = { itemId: 'a', durationMs: 180_000 };

describe('room playback transitions', () => {
  it('load → play waits for the group → commit starts everyone startLeadMs ahead', () => {
    const loaded = T.load(empty(), c(1_000), item);
    expect(T.phaseOf(loaded)).toBe('paused');
    const waiting = T.play(loaded, c(2_000));
    expect(T.phaseOf(waiting)).toBe('waiting');
    expect(waiting.wait).toEqual({
      key: 'a@0',
      startedAt: 2_000,
      deadline: 2_000 + SYNC.stallDropMs,
      coordinator: 'p1',
    });
    const started = T.commit(waiting, c(2_500));
    expect(T.phaseOf(started)).toBe('playing');
    expect(started.schedule.startAt).toBe(2_500 + SYNC.startLeadMs);
    expect(started.schedule.revision).toBe(3);
    expect(started.wait).toBeNull();
  });

  it('pause keeps the position reached; seek while playing waits at the new position', () => {
    const playing = T.commit(T.play(T.load(empty(), c(0), item), c(0)), c(0));
    const paused = T.pause(playing, c(10_600));
    expect(paused.schedule.positionAtStart).toBe(10_000);
    expect(T.phaseOf(paused)).toBe('paused');
    const seeking = T.seek(playing, c(5_000), 60_000);
    expect(T.phaseOf(seeking)).toBe('waiting');
    expect(seeking.wait?.key).toBe(readyKey({ itemId: 'a', positionAtStart: 60_000 }));
    // Seeking past the end lands at the end.
    expect(T.seek(paused, c(0), 999_999).schedule.positionAtStart).toBe(180_000);
  });

  it('refuses what its transition table has no entry for (a no-op)', () => {
    const e = empty();
    expect(T.play(e, c(0))).toBe(e);
    expect(T.pause(e, c(0))).toBe(e);
    expect(T.seek(e, c(0), 10)).toBe(e);
    expect(T.canDo(e, 'commit')).toBe(false);
    const playing = T.commit(T.play(T.load(e, c(0), item), c(0)), c(0));
    expect(T.commit(playing, c(1))).toBe(playing);
  });

  it('skip to nothing empties the room; positions never pass the item', () => {
    const playing = T.commit(T.play(T.load(empty(), c(0), item), c(0)), c(0));
    expect(T.phaseOf(T.skip(playing, c(1), null))).toBe('empty');
    expect(positionAt(playing.schedule, 10_000_000)).toBe(180_000);
  });

  it('orders decisions by revision, then origin', () => {
    const a = T.load(empty(), { now: 0, origin: 'a' }, item);
    const b = T.load(empty(), { now: 0, origin: 'b' }, item);
    expect(T.isNewer(b, a)).toBe(true);
    expect(T.isNewer(a, b)).toBe(false);
    expect(T.isNewer(T.play(a, c(1)), b)).toBe(true);
  });
});

describe('group wait', () => {
  const report = (m: RoomMembers, id: string, status: 'ready' | 'buffering' | 'idle', key: string | null, at: number) =>
    m.apply({ memberId: id, processId: 'p', status, readyKey: key, at });

  it('holds for members not ready, drops one buffering past stallDropMs, re-admits it when ready', () => {
    const m = new RoomMembers();
    report(m, 'x', 'ready', 'a@0', 0);
    report(m, 'y', 'buffering', null, 0);
    report(m, 'z', 'idle', null, 0);
    expect(m.pending('a@0', 1_000).map((x) => x.memberId)).toEqual(['y']);
    expect(m.pending('a@0', SYNC.stallDropMs + 1)).toEqual([]);
    // Stalled out: not waited for at the next key either.
    expect(m.pending('a@5000', SYNC.stallDropMs + 2).map((x) => x.memberId)).toEqual(['x']);
    report(m, 'y', 'ready', 'a@5000', 6_000);
    expect(
      m
        .pending('a@9000', 6_001)
        .map((x) => x.memberId)
        .sort(),
    ).toEqual(['x', 'y']);
  });

  it('a member that never answers holds one wait, then none', () => {
    const m = new RoomMembers();
    report(m, 'dead', 'ready', 'a@0', 0);
    expect(m.pending('a@1000', 1).map((x) => x.memberId)).toEqual(['dead']);
    m.stallOut(['dead']);
    expect(m.pending('a@2000', 2)).toEqual([]);
    m.apply({ memberId: 'dead', processId: 'p', status: 'left', readyKey: null, at: 3 });
    expect(m.size).toBe(0);
  });
});
