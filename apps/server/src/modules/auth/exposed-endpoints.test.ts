import { describe, expect, it } from 'vitest';
import { stripTokens } from './auth-body';
import { isExposedAuthEndpoint } from './exposed-endpoints';

describe('exposed auth endpoints', () => {
  it('lets the web app through', () => {
    expect(isExposedAuthEndpoint('POST', '/sign-in/email')).toBe(true);
    expect(isExposedAuthEndpoint('GET', '/callback/oidc')).toBe(true);
    expect(isExposedAuthEndpoint('GET', '/verify-email')).toBe(true);
  });

  it('refuses the rest, and wildcards match one segment only', () => {
    expect(isExposedAuthEndpoint('POST', '/change-password')).toBe(false);
    expect(isExposedAuthEndpoint('GET', '/list-sessions')).toBe(false);
    expect(isExposedAuthEndpoint('GET', '/sign-in/email')).toBe(false);
    expect(isExposedAuthEndpoint('GET', '/callback/a/b')).toBe(false);
    expect(isExposedAuthEndpoint('GET', '/callback/')).toBe(false);
    expect(isExposedAuthEndpoint('DELETE', '/sign-out')).toBe(false);
  });
});

describe('stripTokens', () => {
  it('drops token fields at any depth', () => {
    expect(stripTokens({ token: 'a', user: { id: 1 }, sessions: [{ token: 'b', id: 2 }] })).toEqual({
      user: { id: 1 },
      sessions: [{ id: 2 }],
    });
  });
});
