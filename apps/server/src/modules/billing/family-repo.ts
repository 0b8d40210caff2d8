import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyMembers, subscriptions, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

export type FamilyMemberRow = typeof familyMembers.$inferSelect;

/** The owner's invited and joined members, with the joined accounts' names. */
export async function listMembers(db: Db, ownerId: string) {
  return db
    .select({ member: familyMembers, displayName: users.displayName })
    .from(familyMembers)
    .leftJoin(users, eq(users.id, familyMembers.memberId))
    .where(and(eq(familyMembers.ownerId, ownerId), ne(familyMembers.status, 'removed')))
    .orderBy(familyMembers.invitedAt);
}

/** Adds an invitation unless that email is already invited or in; false then. */
export async function insertInvite(
  db: Db,
  row: { ownerId: string; email: string; tokenHash: string; invitedAt: Date },
): Promise<FamilyMemberRow | undefined> {
  try {
    const [created] = await db
      .insert(familyMembers)
      .values({ ...row, status: 'invited' })
      .returning();
    return created;
  } catch (e) {
    if (isUniqueViolation(e)) return undefined;
    throw e;
  }
}

export async function findInvite(db: Db, tokenHash: string): Promise<FamilyMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.tokenHash, tokenHash), eq(familyMembers.status, 'invited')));
  return row;
}

/** Joins an invitation to an account; 'taken' when the account is in another family already. */
export async function acceptInvite(
  db: Db,
  id: string,
  memberId: string,
  at: Date,
): Promise<'joined' | 'gone' | 'taken'> {
  try {
    const rows = await db
      .update(familyMembers)
      .set({ memberId, status: 'active', acceptedAt: at })
      .where(and(eq(familyMembers.id, id), eq(familyMembers.status, 'invited')))
      .returning({ id: familyMembers.id });
    return rows.length ? 'joined' : 'gone';
  } catch (e) {
    if (isUniqueViolation(e)) return 'taken';
    throw e;
  }
}

/** Ends a seat: the owner removing it (by id) or the member leaving. */
export async function removeMember(
  db: Db,
  where: { ownerId: string; id: string } | { memberId: string },
  at: Date,
): Promise<boolean> {
  const match =
    'id' in where
      ? and(eq(familyMembers.id, where.id), eq(familyMembers.ownerId, where.ownerId))
      : and(eq(familyMembers.memberId, where.memberId), eq(familyMembers.status, 'active'));
  const rows = await db
    .update(familyMembers)
    .set({ status: 'removed', removedAt: at })
    .where(and(match, ne(familyMembers.status, 'removed')))
    .returning({ id: familyMembers.id });
  return rows.length > 0;
}

/** The family whose plan covers this account: its owner, when the owner's family plan is open. */
export async function findCoveringFamily(
  db: Db,
  memberId: string,
): Promise<{ ownerId: string; ownerName: string | null; subscription: typeof subscriptions.$inferSelect } | undefined> {
  const [row] = await db
    .select({ ownerId: familyMembers.ownerId, ownerName: users.displayName, subscription: subscriptions })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.ownerId))
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.userId, familyMembers.ownerId),
        eq(subscriptions.planId, 'family'),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'canceled']),
      ),
    )
    .where(and(eq(familyMembers.memberId, memberId), eq(familyMembers.status, 'active')));
  return row;
}
