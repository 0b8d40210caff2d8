import type { WebSocket } from 'ws';
import type { EventBus } from './bus';

/** The bus topic that carries "close the sockets of user X" to every process. */
export const USER_SOCKETS_TOPIC = 'internal:users';
/** The close code a socket gets when its account was suspended or deleted (as the guard's 4401). */
export const SESSION_ENDED_CLOSE = 4401;

/**
 * The open WebSockets of each signed-in user in this process (the gateway's and the publishers'),
 * so that a suspension closes them at once. The message comes over the bus, so with several
 * processes each one closes its own.
 */
export function userSockets(bus: EventBus) {
  const byUser = new Map<string, Set<WebSocket>>();
  const unsubscribe = bus.subscribe((msg) => {
    if (msg.topic !== USER_SOCKETS_TOPIC || msg.event !== 'user.sessions.ended') return;
    const { userId } = msg.data as { userId: string };
    for (const ws of [...(byUser.get(userId) ?? [])]) ws.close(SESSION_ENDED_CLOSE, 'Session ended');
    byUser.delete(userId);
  });
  return {
    /** Tracks a socket until it closes. */
    add(userId: string | undefined, ws: WebSocket): void {
      if (!userId) return;
      const set = byUser.get(userId) ?? new Set<WebSocket>();
      byUser.set(userId, set);
      set.add(ws);
      ws.once('close', () => {
        set.delete(ws);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      });
    },
    /** How many sockets a user has open here (tests). */
    count: (userId: string) => byUser.get(userId)?.size ?? 0,
    close: unsubscribe,
  };
}
export type UserSockets = ReturnType<typeof userSockets>;

/** Tells every process to close the user's sockets. */
export const endUserSockets = (bus: EventBus, userId: string) =>
  bus.publish(USER_SOCKETS_TOPIC, 'user.sessions.ended', { userId });
