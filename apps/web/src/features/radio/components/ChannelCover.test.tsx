// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRadioChannelDetail } from '@wavecast/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useManagedChannel } from '../queries';
import { ChannelCover } from './ChannelCover';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ID = '7d1c3e3a-5b0e-4f43-9a43-1f2c0c7b9a11';
const base: TRadioChannelDetail = {
  id: ID,
  name: 'Cover FM',
  description: null,
  category: 'Music',
  coverUrl: null,
  onAir: false,
  listenerCount: 0,
  owner: { id: 'u1', displayName: 'Host', avatarUrl: null },
  nowPlaying: null,
  streamId: null,
  createdAt: new Date(0).toISOString(),
  program: {
    rotations: [],
    slots: [],
    jingles: [],
    jingleEverySongs: null,
    jingleEveryMinutes: null,
    artistSeparation: 3,
    trackSeparationHours: 2,
    djGraceSeconds: 8,
    djOnlyInSlot: false,
    goingLiveJingleTrackId: null,
  },
  keyPrefix: null,
};

/** The editor's part: the managed channel as the editor page reads it, and its cover picker. */
function Editor() {
  const { data } = useManagedChannel(ID);
  return data ? <ChannelCover channel={data} /> : null;
}

describe('ChannelCover', () => {
  let root: Root;
  let host: HTMLElement;
  /** A stand-in for the channel's API (this test renders no server). */
  let channel: TRadioChannelDetail;
  let sent: { method: string; path: string; file?: File }[];
  beforeEach(() => {
    channel = base;
    sent = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), location.href).pathname;
      const method = init?.method ?? 'GET';
      const file = init?.body instanceof FormData ? (init.body.get('cover') as File) : undefined;
      sent.push({ method, path, file });
      if (method === 'GET' && path === `/api/radio/channels/${ID}/manage`) return json(channel);
      if (path === `/api/radio/channels/${ID}/cover` && method === 'PUT') {
        channel = { ...channel, coverUrl: `/api/radio/channels/${ID}/cover?v=abc` };
        return json(channel);
      }
      if (path === `/api/radio/channels/${ID}/cover` && method === 'DELETE') {
        channel = { ...channel, coverUrl: null };
        return json(channel);
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

  /** Waits for a condition (the machine may be loaded), then asserts it. */
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 500 && !ok(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(ok()).toBe(true);
  };
  const img = () => host.querySelector('img');
  const choose = (file: File) => {
    const input = host.querySelector<HTMLInputElement>('input[type="file"][aria-label="Cover image"]');
    if (!input) throw new Error('no file input');
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };
  const button = (label: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(label));

  it('uploads the chosen image as the cover part, shows it, and removes it', async () => {
    act(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <Editor />
        </QueryClientProvider>,
      ),
    );
    await until(() => !!button('Add cover'));
    expect(img()).toBeNull();
    expect(button('Remove cover')).toBeUndefined();

    // Not an image: refused here (before any request), nothing sent.
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);

    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' }));
    await until(() => !!img());
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.path).toBe(`/api/radio/channels/${ID}/cover`);
    expect(put?.file?.name).toBe('cover.png');
    expect(img()?.getAttribute('src')).toBe(`/api/radio/channels/${ID}/cover?v=abc`);
    expect(button('Change cover')).toBeDefined();

    act(() => button('Remove cover')?.click());
    await until(() => !img());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`/api/radio/channels/${ID}/cover`]);
    expect(button('Add cover')).toBeDefined();
  });
});
