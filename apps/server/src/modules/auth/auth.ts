import { ADMIN_MESSAGES, SIGNUP_ACCOUNT_TYPES, type SignupAccountType } from '@wavecast/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { AppContext } from '../../context';
import { authAccounts, authSessions, authUsers, authVerifications } from '../../db/schema';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';
import { serverSecret } from '../../lib/server-secret';
import { isSuspended } from '../admin/repo';
import { noteSignIn } from '../admin/step-up';
import { affiliatesService } from '../affiliates/service';
import { clearSignInFailures } from './account-throttle';
import { promoteListedAdmin } from './admin-emails';
import { withHashedSessionTokens } from './hashed-session-tokens';
import { MAIL_JOB, resetPasswordMail, verifyEmailMail } from './mail';
import { genericProvider, socialProviders } from './oauth';
import { ensureProfile } from './profile';
import { authRateLimitRules } from './rate-limits';
import { validateAuthInput } from './validation';

/** The account type a sign-up asked for (validated before the endpoint runs); listener otherwise. */
function requestedAccountType(endpoint: unknown): SignupAccountType {
  const c = endpoint as { path?: string; body?: { accountType?: unknown } } | null;
  const type = c?.path === '/sign-up/email' ? c.body?.accountType : undefined;
  return SIGNUP_ACCOUNT_TYPES.includes(type as SignupAccountType) ? (type as SignupAccountType) : 'listener';
}

/**
 * better-auth on our database: email and password, Google/GitHub (and a generic OpenID provider)
 * when configured, cookie sessions refreshed on use, reset and verification mails through the
 * job queue, and rate limits that are on in every environment.
 */
export function createAuth(ctx: AppContext) {
  const { config } = ctx;
  const generic = genericProvider(config);
  const sendMail = (mail: ReturnType<typeof resetPasswordMail>) =>
    ctx.jobs.enqueue(MAIL_JOB, { ...mail }, { maxAttempts: 5 }).then(() => undefined);

  return betterAuth({
    appName: 'Wavecast',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: serverSecret(ctx.config),
    trustedOrigins: [new URL(config.PUBLIC_URL).origin],
    // Session tokens are stored hashed (hashed-session-tokens.ts, migration 0024).
    database: withHashedSessionTokens(
      drizzleAdapter(ctx.database.db, {
        provider: 'pg',
        schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Whoever could read the reset mail owns the account: its failed-password count starts over.
      // Its sessions were revoked: every process forgets them at once.
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures(ctx, user.email);
        await ctx.events.publish('password.changed', { userId: user.id, keptSessionId: null });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // The link opens our reset screen, which posts the token back with the new password.
      sendResetPassword: async ({ user, token }) => {
        const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, config.PUBLIC_URL).toString();
        await sendMail(resetPasswordMail(user.email, link, token));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(verifyEmailMail(user.email, url));
      },
      // ADMIN_EMAILS applies to an address only once it is verified.
      afterEmailVerification: async (user) => {
        await promoteListedAdmin(ctx, user);
      },
    },
    socialProviders: socialProviders(config),
    plugins: generic ? [genericOAuth({ config: [generic] })] : [],
    session: {
      expiresIn: 60 * 60 * 24 * 30, // a remembered session lasts 30 days...
      updateAge: 60 * 60 * 24, // ...and is refreshed once a day while in use
    },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The mounting route puts the client address (see client-ip.ts) in this header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: Math.round(100 * config.AUTH_RATE_LIMIT_SCALE),
      storage: 'memory',
      customRules: authRateLimitRules(config.AUTH_RATE_LIMIT_SCALE),
    },
    hooks: { before: validateAuthInput(ctx.database.db) },
    databaseHooks: {
      // A sign-in counts as a recent password confirmation (step-up), on the app's clock.
      session: {
        create: {
          // A suspended account gets no new session, by password or by provider (admin/suspension.ts).
          before: async (session) => {
            if (await isSuspended(ctx.database.db, session.userId)) {
              throw new APIError('FORBIDDEN', { message: ADMIN_MESSAGES.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
            }
          },
          after: async (session) => {
            await noteSignIn(ctx, session.id);
          },
        },
      },
      user: {
        create: {
          // Every auth user gets a profile row with the account type picked at sign-up
          // (provider sign-ups and anything else: listener).
          after: async (user, endpoint) => {
            await ensureProfile(
              ctx.database,
              {
                id: user.id,
                email: user.email,
                emailVerified: user.emailVerified,
                displayName: user.name || null,
                avatarUrl: user.image ?? null,
              },
              { adminEmails: config.adminEmails, role: requestedAccountType(endpoint) },
            );
            // A sign-up (e-mail or OAuth) inside an affiliate link's window is that affiliate's referral.
            const headers =
              (endpoint as { headers?: Headers; request?: Request } | null)?.headers ?? endpoint?.request?.headers;
            await affiliatesService(ctx).attributeSignUp({
              userId: user.id,
              email: user.email,
              cookieHeader: headers?.get('cookie'),
              ip: headers?.get(CLIENT_IP_HEADER) ?? null,
            });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
