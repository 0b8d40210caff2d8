import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import * as repo from './repo';

/** Storage prefixes that hold only one user's files (see the key shapes of tracks and avatars). */
export const personalPrefixes = (userId: string) => [`audio/${userId}/`, `covers/${userId}/`, `avatars/${userId}/`];

/**
 * Deletes an account for good (Settings → Danger Zone). What goes, and what stays:
 * - the auth user, its sessions (signed out everywhere at once) and linked Google/GitHub accounts;
 * - the profile with its settings; their tracks (with those tracks' likes, comments, plays and
 *   playlist entries), playlists, follows both ways, likes, resume positions, notifications and
 *   live streams (a live broadcast is ended first);
 * - the comments and live-chat messages they wrote on others' content, notifications about them,
 *   their pending reset links and the mails sent to them;
 * - every stored file: audio, renditions, covers, recordings, playlist covers and avatars.
 * Stays, anonymised: listen events on others' tracks (play counts stay honest) and contact
 * messages they sent to support (the user link is cleared).
 */
export async function deleteAccount(
  ctx: AppContext,
  user: Pick<SessionUser, 'id'>,
  /** Written in the deletion's transaction (an admin's deletion is audited). */
  opts: { audit?: (tx: Db) => Promise<void> } = {},
): Promise<{ filesRemoved: number }> {
  const { db } = ctx.database;
  const row = await repo.findUser(db, user.id);
  if (!row) throw notFound('User');
  const keys = await repo.storageKeysOf(db, user.id);
  const billing = await repo.billingIdsOf(db, user.id);
  const liveStreamIds = await repo.activeStreamIdsOf(db, user.id);

  // The event goes in the deletion's transaction: sessions, sockets, broadcasts, caches and the
  // subscription at Stripe are ended by their modules' subscribers (events/, ADR 0027).
  await repo.deleteAccountRows(db, { id: user.id, email: row.email }, async (tx) => {
    await opts.audit?.(tx);
    await ctx.events.record(tx, 'account.deleted', { userId: user.id, email: row.email, ...billing, liveStreamIds });
  });
  await ctx.events.deliverNow();
  // Files go after the rows: a crash in between leaves orphans (collected later), never rows
  // pointing at missing files.
  for (const prefix of personalPrefixes(user.id)) keys.push(...(await ctx.storage.list(prefix).catch(() => [])));
  let filesRemoved = 0;
  for (const key of new Set(keys)) {
    try {
      await ctx.storage.delete(key);
      filesRemoved++;
    } catch {
      // an orphan for the collector; the account itself is gone
    }
  }
  return { filesRemoved };
}
