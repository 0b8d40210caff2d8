import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides query strings and token path segments', () => {
    expect(redactUrl('/api/account/password-reset/abc123')).toBe(`/api/account/password-reset/${REDACTED}`);
    expect(redactUrl('/api/auth/reset-password/abc?callbackURL=/x')).toBe(
      `/api/auth/reset-password/${REDACTED}?${REDACTED}`,
    );
    expect(redactUrl('/reset-password?token=abc')).toBe(`/reset-password?${REDACTED}`);
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y')).toBe(`/api/auth/verify-email?${REDACTED}`);
  });

  it('leaves other paths as they are', () => {
    expect(redactUrl('/api/tracks/42')).toBe('/api/tracks/42');
    expect(redactUrl('/reset-password')).toBe('/reset-password');
  });
});
