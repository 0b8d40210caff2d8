import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ WS_MAX_PER_IP: '2', TRUST_PROXY_HEADER: 'x-forwarded-for' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}/api/ws`;
});
afterAll(() => t.close());

/**
 * Opens a socket as `ip` (through the trusted proxy header): 'open', or the refusal's status once
 * the server has closed the refused connection.
 */
function open(ip: string): Promise<{ ws: WebSocket; result: 'open' | number }> {
  const ws = new WebSocket(url, { headers: { 'x-forwarded-for': ip } });
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, result: 'open' }));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      res.socket.once('close', () => resolve({ ws, result: res.statusCode ?? 0 }));
    });
  });
}

const closed = (ws: WebSocket) => new Promise((r) => (ws.readyState === ws.CLOSED ? r(null) : ws.once('close', r)));

describe('open WebSockets per client address', () => {
  it('refuses the one over the cap with 429, counts addresses apart, and frees a place on close', async () => {
    const a1 = await open('203.0.113.1');
    const a2 = await open('203.0.113.1');
    expect([a1.result, a2.result]).toEqual(['open', 'open']);
    const a3 = await open('203.0.113.1');
    expect(a3.result).toBe(429);
    // Another client behind the same proxy has its own count.
    const b1 = await open('203.0.113.2');
    expect(b1.result).toBe('open');

    a1.ws.close();
    await closed(a1.ws);
    // The server sees the close a moment after the client: retry until the place is free.
    let again = await open('203.0.113.1');
    for (let i = 0; i < 50 && again.result !== 'open'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open('203.0.113.1');
    }
    expect(again.result).toBe('open');
    for (const s of [a2, b1, again]) s.ws.close();
    await Promise.all([a2, b1, again].map((s) => closed(s.ws)));
  });
});
