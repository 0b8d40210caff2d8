import { AUTH_MESSAGES, MESSAGES, zDisplayName, zEmail, zPassword } from '@wavecast/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { isAccountLikePassword, isCommonPassword } from './passwords';

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

const accountType = z.enum(['listener', 'creator'], { error: 'Account type must be listener or creator' }).optional();

/**
 * Runs before better-auth's own endpoints: the spec's validation messages, common passwords and
 * passwords that are the account's email or the site's name refused, a sign-up's display name
 * required, and its account type limited to listener or creator (never another role).
 */
export const validateAuthInput = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Body;
  switch (ctx.path) {
    case '/sign-up/email': {
      checkCredentials(body);
      if (isCommonPassword(body.password as string)) throw invalid(AUTH_MESSAGES.commonPassword);
      if (isAccountLikePassword(body.password as string, body.email as string)) {
        throw invalid(AUTH_MESSAGES.passwordLikeAccount);
      }
      check(accountType, body.accountType);
      if (body.role !== undefined) throw invalid('role is not allowed to be set');
      // A display name is required (DESIGN §10); better-auth stores it on the auth user in the
      // sign-up's transaction and the profile row is made from it (auth.ts, profile.ts).
      const name = check(zDisplayName, body.name);
      return { context: { body: { ...body, email: (body.email as string).trim(), name } } };
    }
    case '/sign-in/email':
      checkCredentials(body);
      return { context: { body: { ...body, email: (body.email as string).trim() } } };
    case '/request-password-reset':
      check(zEmail, body.email);
      return;
    case '/reset-password': {
      checkNewPassword(body.newPassword);
      // The token names the account (an unknown token is refused by better-auth itself).
      const token = typeof body.token === 'string' ? body.token : '';
      const found = token && (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`));
      const user = found ? await ctx.context.internalAdapter.findUserById(found.value) : null;
      if (user && isAccountLikePassword(body.newPassword as string, user.email)) {
        throw invalid(AUTH_MESSAGES.passwordLikeAccount);
      }
      return;
    }
    case '/change-password':
    case '/set-password':
      checkNewPassword(body.newPassword);
      return;
  }
});
