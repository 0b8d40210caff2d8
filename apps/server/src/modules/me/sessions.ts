import type { TDevice } from '@wavecast/shared';
import { UAParser } from 'ua-parser-js';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { type DeviceRow, deleteOtherSessions, deleteSession, listSessions } from './sessions-repo';

/** Browser and OS of a User-Agent, read locally ("Chrome 120", "Windows 10"). */
export function describeUserAgent(ua: string | null): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  const r = new UAParser(ua.slice(0, 512)).getResult();
  const join = (name?: string, version?: string) =>
    name ? `${name}${version ? ` ${version}` : ''}`.slice(0, 60) : null;
  return { browser: join(r.browser.name, r.browser.major), os: join(r.os.name, r.os.version) };
}

/** A signed-in device as its owner sees it. Last seen: our throttled mark, or better-auth's refresh, or the sign-in. */
export function presentDevice(row: DeviceRow, currentSessionId: string): TDevice {
  const seen = [row.lastSeenAt, row.updatedAt, row.createdAt].filter((d): d is Date => !!d);
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: new Date(Math.max(...seen.map((d) => d.getTime()))).toISOString(),
    current: row.id === currentSessionId,
  };
}

/**
 * Settings → Security → Signed-in devices: the user's sessions, and signing one or all others out.
 * Rows go and `session.revoked` is recorded in one transaction; once delivered, every process
 * forgets the sessions and closes their sockets (events/, ADR 0027).
 */
export function sessionsService(ctx: AppContext) {
  const db = ctx.database.db;

  const revoke = async (user: SessionUser, remove: (tx: typeof db) => Promise<string[]>) => {
    const ids = await db.transaction(async (tx) => {
      const gone = await remove(tx);
      if (gone.length) await ctx.events.record(tx, 'session.revoked', { userId: user.id, sessionIds: gone });
      return gone;
    });
    if (ids.length) await ctx.events.deliverNow();
    return ids;
  };

  return {
    async list(user: SessionUser): Promise<TDevice[]> {
      // better-auth expires sessions by the real clock, not the app's (lib/clock.ts).
      const rows = await listSessions(db, user.id, new Date());
      return rows.map((r) => presentDevice(r, user.sessionId));
    },

    /** Signs one of the user's sessions out; 404 for any id that is not theirs. */
    async signOut(user: SessionUser, id: string): Promise<{ ids: string[]; current: boolean }> {
      const ids = await revoke(user, (tx) => deleteSession(tx, user.id, id));
      if (!ids.length) throw notFound('Session');
      return { ids, current: id === user.sessionId };
    },

    /** Signs out every session of the user but this one. */
    signOutOthers: (user: SessionUser) => revoke(user, (tx) => deleteOtherSessions(tx, user.id, user.sessionId)),
  };
}
