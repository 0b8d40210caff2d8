import { AUTH_MESSAGES, MESSAGES, zDisplayName, zEmail, zPassword } from '@wavecast/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { accountLikeness, isCommonPassword } from './passwords';
import { displayNameOf } from './repo';

type Body = Record<string, unknown>;

const invalid = (message: string) => new APIError('BAD_REQUEST', { message, code: 'VALIDATION_FAILED' });
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Email and password as the spec's forms check them, with the spec's messages. */
function checkCredentials(body: Body): void {
  if (blank(body.email) && blank(body.password)) throw invalid(MESSAGES.emailOrPhoneRequired);
  check(zEmail, body.email);
  check(zPassword, body.password);
}

function checkNewPassword(password: unknown): void {
  check(zPassword, password);
  if (isCommonPassword(password as string)) throw invalid(AUTH_MESSAGES.commonPassword);
}

/** Refuses a password that is the account's e-mail (or its local part), the site's name or the display name. */
export function checkNotAccountLike(password: string, account: { email: string; displayName?: string | null }): void {
  const like = accountLikeness(password, account);
  if (like) throw invalid(like === 'name' ? AUTH_MESSAGES.passwordLikeName : AUTH_MESSAGES.passwordLikeAccount);
}

const accountType = z.enum(['listener', 'creator'], { error: 'Account type must be listener or creator' }).optional();

/**
 * Runs before better-auth's own endpoints: the spec's validation messages, common passwords and
 * passwords that are the account's email, the site's name or the display name refused, a
 * sign-up's display name required, and its account type limited to listener or creator (never
 * another role).
 */
export const validateAuthInput = (db: Db) =>
  createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Body;
    switch (ctx.path) {
      case '/sign-up/email': {
        checkCredentials(body);
        check(accountType, body.accountType);
        if (body.role !== undefined) throw invalid('role is not allowed to be set');
        // A display name is required (DESIGN §10); better-auth stores it on the auth user in the
        // sign-up's transaction and the profile row is made from it (auth.ts, profile.ts).
        const name = check(zDisplayName, body.name);
        // The account first: its e-mail or name is the more telling reason.
        checkNotAccountLike(body.password as string, { email: body.email as string, displayName: name });
        if (isCommonPassword(body.password as string)) throw invalid(AUTH_MESSAGES.commonPassword);
        return { context: { body: { ...body, email: (body.email as string).trim(), name } } };
      }
      case '/sign-in/email':
        checkCredentials(body);
        return { context: { body: { ...body, email: (body.email as string).trim() } } };
      case '/request-password-reset':
        check(zEmail, body.email);
        return;
      case '/reset-password': {
        check(zPassword, body.newPassword);
        // The token names the account (an unknown token is refused by better-auth itself).
        const token = typeof body.token === 'string' ? body.token : '';
        const found = token && (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`));
        const user = found ? await ctx.context.internalAdapter.findUserById(found.value) : null;
        // The display name is the profile's (changed in settings since sign-up, perhaps).
        if (user) {
          const displayName = (await displayNameOf(db, user.id)) ?? user.name;
          checkNotAccountLike(body.newPassword as string, { email: user.email, displayName });
        }
        checkNewPassword(body.newPassword);
        return;
      }
      case '/change-password':
      case '/set-password':
        checkNewPassword(body.newPassword);
        return;
    }
  });
