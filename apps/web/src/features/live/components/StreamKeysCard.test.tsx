// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TStreamKey } from '@wavecast/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import StreamKeysCard from './StreamKeysCard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('StreamKeysCard', () => {
  let root: Root;
  let host: HTMLElement;
  /** A stand-in for /api/live/keys (this test renders no server). */
  let keys: TStreamKey[];
  let sent: string[];
  beforeEach(() => {
    keys = [];
    sent = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), location.href).pathname;
      const method = init?.method ?? 'GET';
      sent.push(`${method} ${path}`);
      if (method === 'GET') return json({ ingestUrl: 'icecast://live.example:8010/live', items: keys });
      if (method === 'POST' && path === '/api/live/keys') {
        const { name } = JSON.parse(String(init?.body)) as { name: string };
        const key = {
          id: crypto.randomUUID(),
          name,
          prefix: 'wsk_abcdef',
          createdAt: new Date(0).toISOString(),
          lastUsedAt: null,
        };
        keys = [key, ...keys];
        return json(
          { key, secret: 'wsk_abcdefSECRET', message: 'Stream key created. Copy it now: it will not be shown again.' },
          201,
        );
      }
      if (method === 'DELETE') {
        keys = keys.filter((k) => !path.endsWith(k.id));
        return json({ message: 'Stream key revoked.' });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    };
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

  it('shows the ingest address, creates a key (its secret once), lists and revokes it', async () => {
    act(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <StreamKeysCard />
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(host.querySelector('[data-testid="ingest-url"]')?.textContent).toContain('icecast://live.example:8010/live');

    const input = host.querySelector<HTMLInputElement>('input[name="stream-key-name"]');
    if (!input) throw new Error('no name field');
    const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Create Key');
    act(() => submit?.click());
    expect(host.textContent).toContain('Name is required');
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([]);

    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, 'DJ Nova');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => submit?.click());
    await settle();
    expect(host.querySelector('[data-testid="new-stream-key"]')?.textContent).toContain('wsk_abcdefSECRET');
    const list = host.querySelector('ul[aria-label="Stream keys"]');
    expect(list?.textContent).toContain('DJ Nova');
    expect(list?.textContent).not.toContain('SECRET');

    const revoke = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Revoke');
    act(() => revoke?.click());
    await settle();
    expect(sent.filter((s) => s.startsWith('DELETE'))).toHaveLength(1);
    expect(host.querySelector('ul[aria-label="Stream keys"]')?.textContent).toBe('');
  });
});
