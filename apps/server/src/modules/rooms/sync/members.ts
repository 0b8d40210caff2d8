import { type RoomMemberStatus, SYNC } from '@wavecast/shared';

/** One listening socket in a room, as every process knows it (replicated over the bus). */
export interface RoomMember {
  memberId: string;
  processId: string;
  status: RoomMemberStatus;
  readyKey: string | null;
  /** When the status last changed (server sync ms). */
  since: number;
  /** Dropped from group waits (stalled past `stallDropMs`, or not ready when a wait ended) until ready again. */
  stalledOut: boolean;
}

/**
 * A room's members and the group wait rule: a wait holds for every listening member that is not
 * ready for its key, except members stalled out; a member buffering longer than `stallDropMs` is
 * stalled out, and one that says `ready` again is re-admitted. A dead member therefore holds one
 * wait for at most `stallDropMs`, and none after it.
 */
export class RoomMembers {
  private readonly members = new Map<string, RoomMember>();

  apply(r: {
    memberId: string;
    processId: string;
    status: RoomMemberStatus | 'left';
    readyKey: string | null;
    at: number;
  }) {
    if (r.status === 'left') {
      this.members.delete(r.memberId);
      return;
    }
    const held = this.members.get(r.memberId);
    const changed = !held || held.status !== r.status;
    this.members.set(r.memberId, {
      memberId: r.memberId,
      processId: r.processId,
      status: r.status,
      readyKey: r.readyKey,
      since: changed ? r.at : held.since,
      stalledOut: r.status === 'ready' ? false : (held?.stalledOut ?? false),
    });
  }

  /** Members the wait for `key` still holds for at `now` (stalling ones past the limit are dropped here). */
  pending(key: string, now: number): RoomMember[] {
    const out: RoomMember[] = [];
    for (const m of this.members.values()) {
      if (m.status === 'idle' || m.stalledOut) continue;
      if (m.status === 'buffering' && now - m.since > SYNC.stallDropMs) {
        m.stalledOut = true;
        continue;
      }
      if (m.readyKey !== key) out.push(m);
    }
    return out;
  }

  /** The wait ended without them: they stop holding waits until they are ready again. */
  stallOut(ids: Iterable<string>) {
    for (const id of ids) {
      const m = this.members.get(id);
      if (m) m.stalledOut = true;
    }
  }

  /** Members held by a process (to say they left when it closes). */
  heldBy(processId: string): RoomMember[] {
    return [...this.members.values()].filter((m) => m.processId === processId);
  }

  list(): RoomMember[] {
    return [...this.members.values()];
  }

  get size() {
    return this.members.size;
  }
}
