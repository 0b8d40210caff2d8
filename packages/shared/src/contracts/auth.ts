import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { MESSAGES } from '../messages';
import { ZEntitlements, ZPlanSummary } from './billing';
import { zDisplayName } from './users';

/** Texts of the authentication screens (spec sections 4, 5 and 8), word for word. */
export const AUTH_MESSAGES = {
  loginFailed: 'Failed to log in. Please try again.',
  loginFailedToast: 'Failed to log in',
  loginSuccess: 'Logged in successfully!',
  signupFailed: 'Failed to create account. Please try again.',
  signupFailedToast: 'Failed to create account',
  signupSuccess: 'Account created successfully! Please check your email to verify your account.',
  resetEmailFailed: 'Failed to send reset email',
  resetEmailSent: 'Password reset email sent!',
  resetFailed: 'Failed to reset password',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  deleteAccountConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleteAccountFailed: 'Failed to delete account',
  termsRequired: 'You must accept the terms and conditions',
  checkYourEmail: 'Check your email',
  socialSignInFailed: (provider: string) => `Failed to sign in with ${provider}`,
  socialSignUpFailed: (provider: string) => `Failed to sign up with ${provider}`,
  // Our words where the spec has none (the hosted service's reasons were "not shown in detail").
  commonPassword: 'This password is too common. Please choose a less guessable one.',
  accountThrottled: (minutes: number) =>
    `Too many failed password attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
  deletePasswordRequired: 'Enter your password to delete your account',
  deletePasswordIncorrect: 'Incorrect password. Your account was not deleted.',
  deleteEmailMismatch: 'Type the email address of your account to delete it',
  deleteNeedsRecentSignIn: 'For your security, sign in again, then delete your account within 15 minutes.',
  passwordLikeAccount: "Your password can't be your email address or the site's name. Please choose another one.",
  passwordLikeName: "Your password can't be your display name. Please choose another one.",
  currentPasswordIncorrect: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  invalidCredentials: 'Invalid email or password',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  accountDeleted: 'Your account has been deleted.',
  forgotPasswordAnswer: 'If an account exists for this email, a password reset link is on its way.',
} as const;

/** Loading labels of the forms (spec section 4). */
export const LOADING_LABELS = {
  signIn: 'Loading...',
  signUp: 'Creating account...',
  sending: 'Sending...',
  updating: 'Updating...',
  connecting: 'Connecting...',
  saving: 'Saving...',
} as const;

/** The spec's "simple {email} pattern". */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** Account types a visitor may pick at sign-up. Other roles are given by admins only. */
export const SIGNUP_ACCOUNT_TYPES = ['listener', 'creator'] as const;
export type SignupAccountType = (typeof SIGNUP_ACCOUNT_TYPES)[number];

export const zEmail = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired })
  .regex(EMAIL_PATTERN, { error: MESSAGES.emailInvalid });

export const zPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(128, { error: 'Password must be at most 128 characters' });

/** Run a match check even when other fields failed (zod skips object refinements otherwise). */
const bothStrings =
  (a: string, b: string) =>
  (payload: { value: unknown }): boolean => {
    const v = payload.value as Record<string, unknown> | undefined;
    return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
  };

/** The login form. */
export const ZSignInForm = z.object({
  email: zEmail,
  password: zPassword,
  rememberMe: z.boolean().default(true),
});
export type TSignInForm = z.input<typeof ZSignInForm>;

/** The signup form, with a display name (the spec's lacks it, see DESIGN §10); the terms checkbox and
 * confirmation are checked in the browser. */
export const ZSignUpForm = z
  .object({
    name: zDisplayName,
    email: zEmail,
    password: zPassword,
    confirmPassword: z.string(),
    accountType: z.enum(SIGNUP_ACCOUNT_TYPES).default('listener'),
    acceptTerms: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: bothStrings('password', 'confirmPassword'),
  });
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/**
 * What the server checks on `POST /api/auth/sign-up/email` (and sign-in): the spec's messages.
 * `name` (the display name) is required; `accountType` is listener or creator; anything else is
 * refused, never assigned.
 */
export const ZSignUpBody = z.object({
  email: zEmail,
  password: zPassword,
  name: zDisplayName,
  accountType: z.enum(SIGNUP_ACCOUNT_TYPES, { error: 'Account type must be listener or creator' }).optional(),
});

export const ZForgotPasswordForm = z.object({ email: zEmail });

export const ZResetPasswordForm = z
  .object({ newPassword: zPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: bothStrings('newPassword', 'confirmPassword'),
  });

/** `POST /api/me/password`. Accounts made through a provider have no password yet: then no current one. */
export const ZChangePasswordInput = z
  .object({
    currentPassword: z.string().max(128).optional(),
    newPassword: z
      .string({ error: MESSAGES.passwordTooShort })
      .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort })
      .max(128, { error: 'Password must be at most 128 characters' }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
    when: bothStrings('newPassword', 'confirmPassword'),
  });
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

/**
 * `DELETE /api/me`: the account's password again; accounts made through a provider (no password)
 * type their email instead and must have signed in within the last 15 minutes.
 */
export const ZDeleteAccountInput = z.object({
  password: z.string().max(128).optional(),
  email: z.string().max(320).optional(),
});
export type TDeleteAccountInput = z.input<typeof ZDeleteAccountInput>;

/** The signed-in user as `GET /api/me` gives it. */
export const ZMe = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The plan the account is on and what it may do (billing decides). */
  plan: ZPlanSummary,
  entitlements: ZEntitlements,
});
export type TMe = z.infer<typeof ZMe>;

/** `GET /api/auth-providers`: the sign-in providers this server has configured. */
export const ZAuthProvider = z.object({ id: z.string(), name: z.string() });
export const ZAuthProviders = z.object({ providers: z.array(ZAuthProvider) });
export type TAuthProvider = z.infer<typeof ZAuthProvider>;

/** The two providers the spec names (their buttons show only where the server configures them). */
export const SOCIAL_PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
] as const;

/** The first message of a failed zod parse, per field (for forms). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}
