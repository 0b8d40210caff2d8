import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin';

describe('isAllowedOrigin', () => {
  const http = 'http://localhost:3000';
  const https = 'https://wavecast.example';

  it('passes a request without Origin (curl, server-to-server)', () => {
    expect(isAllowedOrigin(undefined, 'localhost:3000', http)).toBe(true);
  });

  it('passes the public origin itself', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', http)).toBe(true);
    expect(isAllowedOrigin('https://wavecast.example', 'wavecast.example', https)).toBe(true);
  });

  it('refuses an https:// Origin for the http:// site, whatever the Host', () => {
    expect(isAllowedOrigin('https://localhost:3000', 'localhost:3000', http)).toBe(false);
    expect(isAllowedOrigin('https://localhost:3000', undefined, http)).toBe(false);
  });

  it('refuses an http:// Origin for the https:// site (behind a TLS proxy the Host is the same name)', () => {
    expect(isAllowedOrigin('http://wavecast.example', 'wavecast.example', https)).toBe(false);
  });

  it('refuses another port or host', () => {
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', http)).toBe(false);
    expect(isAllowedOrigin('http://evil.example:3000', 'localhost:3000', http)).toBe(false);
    expect(isAllowedOrigin('https://wavecast.example:8443', 'wavecast.example', https)).toBe(false);
  });

  it('passes the Host the request came to under the public scheme (the dev proxy), default ports folded', () => {
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:5173', http)).toBe(true);
    expect(isAllowedOrigin('http://localhost', 'localhost:80', http)).toBe(true);
    expect(isAllowedOrigin('https://wavecast.example', 'wavecast.example:443', https)).toBe(true);
  });

  it('refuses what is not an origin', () => {
    expect(isAllowedOrigin('null', 'localhost:3000', http)).toBe(false);
    expect(isAllowedOrigin('not a url', 'localhost:3000', http)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3000', 'bad host/x', 'http://x:1')).toBe(false);
  });
});
