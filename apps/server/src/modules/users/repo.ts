import type { Role } from '@wavecast/shared';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  audioContent,
  authAccounts,
  authUsers,
  authVerifications,
  billingAccounts,
  comments,
  likes,
  liveChatMessages,
  liveStreams,
  mailOutbox,
  type NotificationPrefs,
  notifications,
  type PrivacyPrefs,
  playlists,
  subscriptions,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Whether the auth user has a password (a credential account) and a verified email. */
export async function findAuthFacts(db: Db, id: string): Promise<{ hasPassword: boolean; emailVerified: boolean }> {
  const [user] = await db
    .select({ emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, id));
  const [credential] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(eq(authAccounts.userId, id), eq(authAccounts.providerId, 'credential'), isNotNull(authAccounts.password)),
    )
    .limit(1);
  return { hasPassword: credential !== undefined, emailVerified: user?.emailVerified ?? false };
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Pick<UserRow, 'displayName' | 'bio' | 'website' | 'avatarUrl' | 'userRole'>> & {
    notificationPrefs?: NotificationPrefs;
    privacyPrefs?: PrivacyPrefs;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Changes a role only if it is still `from` (a listener becoming a creator, without races). */
export async function changeRoleIf(db: Db, id: string, from: Role, to: Role): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ userRole: to, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.userRole, from)))
    .returning();
  return row;
}

/** Every storage key the user's rows point at (tracks, renditions, covers, recordings, playlist covers). */
export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const tracks = await db
    .select({ audioKey: audioContent.audioKey, coverKey: audioContent.coverKey, media: audioContent.media })
    .from(audioContent)
    .where(eq(audioContent.userId, userId));
  const streams = await db
    .select({ key: liveStreams.recordingKey })
    .from(liveStreams)
    .where(eq(liveStreams.userId, userId));
  const lists = await db.select({ key: playlists.coverKey }).from(playlists).where(eq(playlists.userId, userId));
  const keys: (string | null | undefined)[] = [];
  for (const t of tracks) {
    keys.push(t.audioKey, t.coverKey, t.media?.opusKey, t.media?.aacKey, ...Object.values(t.media?.coverKeys ?? {}));
  }
  keys.push(...streams.map((s) => s.key), ...lists.map((l) => l.key));
  return [...new Set(keys.filter((k): k is string => typeof k === 'string' && k.length > 0))];
}

/** The account's streams not ended yet, read before its rows go (they cascade away). */
export async function activeStreamIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(eq(liveStreams.userId, userId), eq(liveStreams.isActive, true)));
  return rows.map((r) => r.id);
}

/** The account's payment-provider ids, read before its rows go (the subscriptions cascade away). */
export async function billingIdsOf(
  db: Db,
  userId: string,
): Promise<{ stripeCustomerId: string | null; stripeSubscriptionIds: string[] }> {
  const [account] = await db
    .select({ id: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  const subs = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.stripeSubscriptionId),
        ne(subscriptions.status, 'expired'),
      ),
    );
  return { stripeCustomerId: account?.id ?? null, stripeSubscriptionIds: subs.map((s) => s.id!) };
}

/**
 * Deletes an account's rows in one transaction. Foreign keys do most of it: the profile row
 * cascades to tracks (and their likes, comments, plays, playlist entries), playlists, follows,
 * likes, playback positions, notifications and live streams; the auth user cascades to sessions
 * and linked accounts. Done here by hand: like counts of tracks they liked, the comments and chat
 * messages they wrote on others' content, notifications about them, their reset tokens and mail.
 * Listen events and contact messages stay, anonymised (user set to null by the foreign key).
 */
export async function deleteAccountRows(
  db: Db,
  user: { id: string; email: string },
  alongside?: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await alongside?.(tx);
    const liked = tx.select({ id: likes.audioId }).from(likes).where(eq(likes.userId, user.id));
    await tx
      .update(audioContent)
      .set({ likeCount: sql`greatest(${audioContent.likeCount} - 1, 0)` })
      .where(and(inArray(audioContent.id, liked), ne(audioContent.userId, user.id)));
    await tx.delete(comments).where(eq(comments.userId, user.id));
    await tx.delete(liveChatMessages).where(eq(liveChatMessages.userId, user.id));
    await tx.delete(notifications).where(eq(notifications.actorId, user.id));
    await tx.delete(authVerifications).where(eq(authVerifications.value, user.id));
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${user.email})`);
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.delete(authUsers).where(eq(authUsers.id, user.id));
  });
}
