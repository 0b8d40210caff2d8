import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { AUTH_MESSAGES, fieldErrors, ZResetPasswordForm, ZSignInForm, ZSignUpForm } from './auth';
import { USER_MESSAGES, ZProfileUpdate } from './users';

const errors = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error as never);
};

// The browser side of spec section 5: the forms show these before anything is sent.
describe('login form', () => {
  it.each([
    [{ email: '', password: 'secret1' }, { email: MESSAGES.emailRequired }],
    [{ email: 'no-at-sign', password: 'secret1' }, { email: MESSAGES.emailInvalid }],
    [{ email: 'a@b.co', password: '' }, { password: MESSAGES.passwordRequired }],
    [{ email: 'a@b.co', password: '12345' }, { password: MESSAGES.passwordTooShort }],
    [{ email: ' a@b.co ', password: '123456' }, {}],
  ])('%j', (value, expected) => {
    expect(errors(ZSignInForm, value)).toEqual(expected);
  });

  it('remembers by default', () => {
    expect(ZSignInForm.parse({ email: 'a@b.co', password: '123456' }).rememberMe).toBe(true);
  });
});

describe('signup form', () => {
  const ok = { name: 'Ada', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1', acceptTerms: true };
  it('needs matching passwords and the terms', () => {
    expect(errors(ZSignUpForm, { ...ok, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
    expect(errors(ZSignUpForm, { ...ok, acceptTerms: false })).toEqual({ acceptTerms: AUTH_MESSAGES.termsRequired });
    expect(errors(ZSignUpForm, ok)).toEqual({});
  });

  it('needs a display name: trimmed, at most as long as the profile allows', () => {
    expect(errors(ZSignUpForm, { ...ok, name: undefined })).toEqual({ name: USER_MESSAGES.displayNameRequired });
    expect(errors(ZSignUpForm, { ...ok, name: '   ' })).toEqual({ name: USER_MESSAGES.displayNameRequired });
    expect(errors(ZSignUpForm, { ...ok, name: 'x'.repeat(51) })).toEqual({
      name: 'Display name must be at most 50 characters',
    });
    expect(ZSignUpForm.parse({ ...ok, name: '  Nova Waves ' }).name).toBe('Nova Waves');
  });

  it('defaults to a listener and offers only listener or creator', () => {
    expect(ZSignUpForm.parse(ok).accountType).toBe('listener');
    expect(ZSignUpForm.parse({ ...ok, accountType: 'creator' }).accountType).toBe('creator');
    expect(ZSignUpForm.safeParse({ ...ok, accountType: 'admin' }).success).toBe(false);
  });
});

describe('reset password form', () => {
  it('needs 6+ characters and matching fields', () => {
    expect(errors(ZResetPasswordForm, { newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: MESSAGES.passwordTooShort,
    });
    expect(errors(ZResetPasswordForm, { newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
  });
});

describe('profile form', () => {
  it('trims, clears blanks and checks the website', () => {
    expect(ZProfileUpdate.parse({ displayName: '  Ada ', bio: '', website: ' https://ada.example ' })).toEqual({
      displayName: 'Ada',
      bio: null,
      website: 'https://ada.example',
    });
    expect(ZProfileUpdate.safeParse({ website: 'ftp://x.example' }).success).toBe(false);
    expect(ZProfileUpdate.safeParse({ website: 'not a url' }).success).toBe(false);
  });
});

describe('all errors at once', () => {
  it('shows the password mismatch even while other fields are wrong', () => {
    expect(
      errors(ZSignUpForm, { email: '', password: 'secret1', confirmPassword: 'other', acceptTerms: false }),
    ).toEqual({
      name: USER_MESSAGES.displayNameRequired,
      email: MESSAGES.emailRequired,
      confirmPassword: MESSAGES.passwordsDoNotMatch,
      acceptTerms: AUTH_MESSAGES.termsRequired,
    });
  });
});
