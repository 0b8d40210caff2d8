import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { configuredProviders, mapProviderProfile } from './oauth';
import { isCommonPassword } from './passwords';

describe('mapProviderProfile (spec section 3)', () => {
  it('display name: full_name, then name, then none', () => {
    expect(mapProviderProfile({ full_name: 'Grace Hopper', name: 'grace' }).name).toBe('Grace Hopper');
    expect(mapProviderProfile({ full_name: '  ', name: 'grace' }).name).toBe('grace');
    expect(mapProviderProfile({}).name).toBe('');
  });

  it('avatar: avatar_url, then picture, then none', () => {
    expect(mapProviderProfile({ avatar_url: 'https://a/1.png', picture: 'https://p/2.png' }).image).toBe(
      'https://a/1.png',
    );
    expect(mapProviderProfile({ picture: 'https://p/2.png' }).image).toBe('https://p/2.png');
    expect(mapProviderProfile({ avatar_url: null, picture: 42 })).toEqual({ name: '' });
  });
});

describe('configuredProviders', () => {
  it('lists a provider only when both its id and secret are set', () => {
    expect(configuredProviders(loadConfig({}))).toEqual([]);
    expect(configuredProviders(loadConfig({ GOOGLE_CLIENT_ID: 'id' }))).toEqual([]);
    expect(
      configuredProviders(
        loadConfig({
          GOOGLE_CLIENT_ID: 'g',
          GOOGLE_CLIENT_SECRET: 's',
          GITHUB_CLIENT_ID: 'h',
          GITHUB_CLIENT_SECRET: 's',
          OIDC_ISSUER: 'https://id.example',
          OIDC_CLIENT_ID: 'c',
          OIDC_PROVIDER_NAME: 'Company SSO',
        }),
      ),
    ).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'github', name: 'GitHub' },
      { id: 'oidc', name: 'Company SSO' },
    ]);
  });
});

describe('isCommonPassword', () => {
  it('knows the usual suspects, in any case', () => {
    for (const p of ['123456', 'password', 'qwerty123', 'Sunshine', 'iloveyou', 'password1']) {
      expect(isCommonPassword(p)).toBe(true);
    }
  });

  it('lets ordinary passphrases through', () => {
    for (const p of ['correct-horse-battery', 'zq7#mv', 'a-good-passphrase']) expect(isCommonPassword(p)).toBe(false);
  });
});
