import { createHash, randomBytes } from 'node:crypto';
import { APP_NAME, BILLING_MESSAGES, FAMILY_MAX_ACCOUNTS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { MAIL_JOB } from '../auth/mail';
import * as family from './family-repo';
import { planChanged } from './plan-changed';
import type { SubscriptionsService } from './subscriptions';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The family plan's seats: the owner invites by email, the invited account accepts, either ends it. */
export function familyService(ctx: AppContext, subscriptions: SubscriptionsService) {
  const db = ctx.database.db;

  async function requireFamilyOwner(user: SessionUser) {
    const sub = await subscriptions.current(user.id);
    if (sub?.planId !== 'family') throw forbidden(BILLING_MESSAGES.familyNotOwner);
    return sub;
  }

  return {
    async members(ownerId: string) {
      const rows = await family.listMembers(db, ownerId);
      return { rows, seatsLeft: Math.max(0, FAMILY_MAX_ACCOUNTS - 1 - rows.length) };
    },

    async invite(owner: SessionUser, email: string): Promise<void> {
      await requireFamilyOwner(owner);
      if (email.toLowerCase() === owner.email.toLowerCase()) {
        throw new AppError('CONFLICT', BILLING_MESSAGES.familyAlreadyMember);
      }
      const { seatsLeft } = await this.members(owner.id);
      if (seatsLeft <= 0) throw new AppError('CONFLICT', BILLING_MESSAGES.familyFull);
      const token = randomBytes(24).toString('base64url');
      const row = await family.insertInvite(db, {
        ownerId: owner.id,
        email,
        tokenHash: hash(token),
        invitedAt: ctx.clock.now(),
      });
      if (!row) throw new AppError('CONFLICT', BILLING_MESSAGES.familyAlreadyMember);
      // Two invitations at the same moment may both pass the count: the later one steps back.
      if ((await this.members(owner.id)).rows.length > FAMILY_MAX_ACCOUNTS - 1) {
        await family.removeMember(db, { ownerId: owner.id, id: row.id }, ctx.clock.now());
        throw new AppError('CONFLICT', BILLING_MESSAGES.familyFull);
      }
      const link = `${ctx.config.PUBLIC_URL}/family/join?token=${token}`;
      const from = owner.displayName ?? owner.email;
      await ctx.jobs.enqueue(
        MAIL_JOB,
        {
          to: email,
          secrets: [token],
          subject: `${from} invited you to their ${APP_NAME} family plan`,
          text: [
            `${from} invited you to share their ${APP_NAME} Family Plan: ad-free HD listening on your own account.`,
            '',
            `Join with the account of this email address: ${link}`,
          ].join('\n'),
        },
        { maxAttempts: 5 },
      );
    },

    async accept(user: SessionUser, token: string): Promise<void> {
      const invite = await family.findInvite(db, hash(token));
      if (!invite) throw notFound('Invitation');
      if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden(BILLING_MESSAGES.familyInviteWrongAccount);
      }
      if (invite.ownerId === user.id) throw badRequest(BILLING_MESSAGES.familyAlreadyMember);
      const ownerPlan = await subscriptions.current(invite.ownerId);
      if (ownerPlan?.planId !== 'family') throw new AppError('CONFLICT', BILLING_MESSAGES.familyInviteInvalid);
      const result = await family.acceptInvite(db, invite.id, user.id, ctx.clock.now());
      if (result === 'gone') throw new AppError('CONFLICT', BILLING_MESSAGES.familyInviteInvalid);
      if (result === 'taken') throw new AppError('CONFLICT', 'You are already in a family plan');
      await planChanged(ctx, user.id);
    },

    async remove(owner: SessionUser, id: string): Promise<void> {
      if (!(await family.removeMember(db, { ownerId: owner.id, id }, ctx.clock.now()))) throw notFound('Member');
      await planChanged(ctx, owner.id); // the member's answer: plan caches drop all on any change
    },

    async leave(user: SessionUser): Promise<void> {
      if (!(await family.removeMember(db, { memberId: user.id }, ctx.clock.now()))) {
        throw new AppError('CONFLICT', 'You are not in a family plan');
      }
      await planChanged(ctx, user.id);
    },
  };
}
