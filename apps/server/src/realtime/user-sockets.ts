import { REALTIME_CLOSE } from '@wavecast/shared';
import type { WebSocket } from 'ws';
import type { DomainEventSpine } from '../events/spine';

/** The close code a socket gets when its session ended (sign-out, password, suspension, deletion; as the guard's 4401). */
export const SESSION_ENDED_CLOSE = REALTIME_CLOSE.sessionEnded;
/** The close code a socket gets when what its session may do changed (a role): the client reconnects. */
export const SESSION_CHANGED_CLOSE = REALTIME_CLOSE.sessionChanged;

interface Held {
  ws: WebSocket;
  sessionId: string | null;
}

/**
 * The open WebSockets of each signed-in user in this process (the gateway's and the publishers'),
 * closed when the spine says their session ended: every process closes its own, so within the
 * event's delivery no revoked session keeps a socket anywhere (ADR 0027).
 */
export function userSockets(events: DomainEventSpine) {
  const byUser = new Map<string, Set<Held>>();

  const closeWhere = (userId: string, which: (h: Held) => boolean, code: number, reason: string) => {
    for (const held of [...(byUser.get(userId) ?? [])]) if (which(held)) held.ws.close(code, reason);
  };
  events.on('account.suspended', (e) =>
    closeWhere(e.payload.userId, () => true, SESSION_ENDED_CLOSE, 'Account suspended'),
  );
  events.on('account.deleted', (e) => closeWhere(e.payload.userId, () => true, SESSION_ENDED_CLOSE, 'Account deleted'));
  events.on('session.revoked', ({ payload }) =>
    closeWhere(
      payload.userId,
      (h) => h.sessionId !== null && payload.sessionIds.includes(h.sessionId),
      SESSION_ENDED_CLOSE,
      'Signed out',
    ),
  );
  events.on('password.changed', ({ payload }) =>
    closeWhere(payload.userId, (h) => h.sessionId !== payload.keptSessionId, SESSION_ENDED_CLOSE, 'Password changed'),
  );
  events.on('role.changed', (e) => closeWhere(e.payload.userId, () => true, SESSION_CHANGED_CLOSE, 'Role changed'));

  return {
    /** Tracks a signed-in socket until it closes (a token's request has no session: it ends with the account). */
    add(user: { id: string; sessionId?: string; viaToken?: string } | null | undefined, ws: WebSocket): void {
      if (!user) return;
      const set = byUser.get(user.id) ?? new Set<Held>();
      byUser.set(user.id, set);
      const held = { ws, sessionId: user.viaToken ? null : (user.sessionId ?? null) };
      set.add(held);
      ws.once('close', () => {
        set.delete(held);
        if (set.size === 0 && byUser.get(user.id) === set) byUser.delete(user.id);
      });
    },
    /** How many sockets a user has open here (tests). */
    count: (userId: string) => byUser.get(userId)?.size ?? 0,
  };
}
export type UserSockets = ReturnType<typeof userSockets>;
