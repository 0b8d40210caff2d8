import { describe, expect, it } from 'vitest';
import { helmetOptions } from './security-headers';

const connectSrc = (config: { PUBLIC_URL: string; ICECAST_URL?: string }) => {
  const csp = helmetOptions(config).contentSecurityPolicy;
  if (!csp || csp === true) throw new Error('no CSP');
  return csp.directives?.connectSrc;
};

describe('CSP connect-src', () => {
  it('allows WebSockets to our own origin only (no bare ws: / wss:)', () => {
    expect(connectSrc({ PUBLIC_URL: 'http://localhost:3000' })).toEqual(["'self'", 'ws://localhost:3000']);
    expect(connectSrc({ PUBLIC_URL: 'https://wavecast.example' })).toEqual(["'self'", 'wss://wavecast.example']);
    expect(connectSrc({ PUBLIC_URL: 'https://wavecast.example:8443/' })).toEqual([
      "'self'",
      'wss://wavecast.example:8443',
    ]);
  });

  it('adds the Icecast relay when one is configured (MSE fetches it)', () => {
    expect(
      connectSrc({ PUBLIC_URL: 'https://wavecast.example', ICECAST_URL: 'https://relay.example:8000/live' }),
    ).toEqual(["'self'", 'wss://wavecast.example', 'https://relay.example:8000']);
  });
});
