import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.roles.has('api') && c.roles.has('worker')).toBe(true);
  });

  it('defaults PUBLIC_URL to localhost on PORT, so sign-ins from the served origin pass the origin check', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3900' }).PUBLIC_URL).toBe('http://localhost:3900');
    expect(loadConfig({ PORT: '3900', PUBLIC_URL: 'https://wavecast.example' }).PUBLIC_URL).toBe(
      'https://wavecast.example',
    );
  });

  it('delivers through nginx only when asked, to an internal prefix that is a path', () => {
    expect(loadConfig({}).DELIVERY_ACCEL).toBe('off');
    expect(loadConfig({ DELIVERY_ACCEL: 'nginx' }).DELIVERY_ACCEL_PREFIX).toBe('/_media/');
    expect(() => loadConfig({ DELIVERY_ACCEL: 'apache' })).toThrow(/DELIVERY_ACCEL:/);
    expect(() => loadConfig({ DELIVERY_ACCEL_PREFIX: '/media' })).toThrow(/DELIVERY_ACCEL_PREFIX: must be a path/);
    expect(loadConfig({}).JOB_LOCK_SECONDS).toBe(600);
  });

  it('signs links for nginx only with a secret', () => {
    expect(() => loadConfig({ DELIVERY_ACCEL: 'nginx-signed' })).toThrow(
      /DELIVERY_ACCEL_SECRET: required when DELIVERY_ACCEL=nginx-signed/,
    );
    expect(() => loadConfig({ DELIVERY_ACCEL: 'nginx-signed', DELIVERY_ACCEL_SECRET: 'short' })).toThrow(
      /DELIVERY_ACCEL_SECRET: must be at least 16/,
    );
    const c = loadConfig({ DELIVERY_ACCEL: 'nginx-signed', DELIVERY_ACCEL_SECRET: 'a-secret-of-16-chars' });
    expect(c.DELIVERY_ACCEL_SIGNED_PREFIX).toBe('/_signed/');
  });

  it('takes the revenue share’s rule and platform share, 30 % user-centric by default (ADR 0053)', () => {
    expect(loadConfig({})).toMatchObject({ EARNINGS_RULE: 'user-centric', EARNINGS_PLATFORM_SHARE_PCT: 30 });
    expect(loadConfig({ EARNINGS_RULE: 'hybrid', EARNINGS_PLATFORM_SHARE_PCT: '0' })).toMatchObject({
      EARNINGS_RULE: 'hybrid',
      EARNINGS_PLATFORM_SHARE_PCT: 0,
    });
    expect(() => loadConfig({ EARNINGS_RULE: 'per-stream' })).toThrow(/EARNINGS_RULE/);
    expect(() => loadConfig({ EARNINGS_PLATFORM_SHARE_PCT: '101' })).toThrow(/EARNINGS_PLATFORM_SHARE_PCT/);
    expect(() => loadConfig({ EARNINGS_PLATFORM_SHARE_PCT: '12.5' })).toThrow(ConfigError);
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ROLES: 'web' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('ROLES');
  });

  it('turns Stripe on with all of its keys or none, and names what a partial set lacks', () => {
    const all = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_CREATOR: 'price_c',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_PREMIUM: 'price_pr',
      STRIPE_PRICE_FAMILY: 'price_f',
    };
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(loadConfig(all).STRIPE_PRICE_FAMILY).toBe('price_f');
    const { STRIPE_WEBHOOK_SECRET: _s, STRIPE_PRICE_PRO: _p, ...partial } = all;
    expect(() => loadConfig(partial)).toThrow(/STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_PRO/);
    expect(() => loadConfig({ ...all, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });
});
