import { APP_NAME } from '@wavecast/shared';
import type { Mail } from '../../mail/mailer';

/** The password-reset mail: a link to the web app's /reset-password with the one-time token. */
export function resetPasswordMail(to: string, link: string, token: string): Mail {
  return {
    to,
    secrets: [token],
    subject: `Reset your ${APP_NAME} password`,
    text: [
      'Someone asked to reset the password of your account.',
      '',
      `Set a new password here (the link works for one hour, once): ${link}`,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your account.</p><p><a href="${link}">Set a new password</a> (the link works for one hour, once).</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}

/**
 * The email-verification mail sent at sign-up (signing in does not wait for it). Its link signs
 * the account in, so its token is a secret too.
 */
export function verifyEmailMail(to: string, link: string): Mail {
  const token = new URL(link).searchParams.get('token');
  return {
    to,
    secrets: token ? [token] : [],
    subject: `Verify your ${APP_NAME} email address`,
    text: [`Welcome to ${APP_NAME}!`, '', `Confirm your email address: ${link}`].join('\n'),
    html: `<p>Welcome to ${APP_NAME}!</p><p><a href="${link}">Confirm your email address</a></p>`,
  };
}

/** The mail job: mail leaves through the durable queue, so a slow or failing relay is retried. */
export const MAIL_JOB = 'mail.send';
