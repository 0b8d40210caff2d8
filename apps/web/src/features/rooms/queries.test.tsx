// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RealtimeMessage } from '@wavecast/shared';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../../test/react-root';

/**
 * The room page's lists against a socket that, like the server's, delivers an event only to a
 * socket holding the topic then: a `room.members` published before the grant (the page just
 * opened, or its socket was reconnecting) is never sent to it (issue 39: a guest never showed on
 * the host's list in CI).
 */
const listeners = new Map<string, Set<(msg: RealtimeMessage) => void>>();
const emit = (event: string, data: unknown) => {
  for (const l of listeners.get('room:r1') ?? []) l({ topic: 'room:r1', event, data } as RealtimeMessage);
};
vi.mock('../../lib/socket', () => {
  const subscribe = (topic: string, l: (msg: RealtimeMessage) => void) => {
    const set = listeners.get(topic) ?? new Set();
    listeners.set(topic, set);
    set.add(l);
    return () => set.delete(l);
  };
  return {
    realtime: { subscribe, authorize: () => {} },
    onEvent: (topic: string, event: string, handler: (data: unknown) => void) =>
      subscribe(topic, (msg) => msg.event === event && handler(msg.data)),
  };
});
vi.mock('../auth/session', () => ({ useSession: () => ({ user: { id: 'u1' }, loading: false }) }));

/** The server's member list, and reads of it that answer when the test says. */
let members = ['Host'];
const reads: { resolve: () => void }[] = [];
let holdReads = false;
vi.mock('../../lib/api', () => ({
  api: (path: string) => {
    if (path.endsWith('/members')) {
      const snapshot = members.map((name) => ({ id: name, name }));
      const answer = () => ({ items: snapshot });
      if (!holdReads) return Promise.resolve(answer());
      return new Promise((resolve) => reads.push({ resolve: () => resolve(answer()) }));
    }
    if (path.endsWith('/r1')) return Promise.resolve({ id: 'r1', me: null, status: 'open' });
    return Promise.resolve({ items: [] });
  },
}));
const { useRoom } = await import('./queries');

function Probe() {
  const { members } = useRoom('r1');
  return <span>{(members.data?.items ?? []).map((m) => m.name).join(',')}</span>;
}

const view = reactRootPerTest();
const shown = () => view.host.textContent;

async function open() {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  await act(async () =>
    view.root.render(
      <QueryClientProvider client={qc}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(shown()).toBe(members.join(',')));
  return qc;
}

describe('useRoom: the member list', () => {
  it('is read again when the topic is granted: a join published before the grant still shows', async () => {
    members = ['Host'];
    holdReads = false;
    await open();
    // A guest joins while the socket is away (reconnecting): its room.members goes to nobody.
    members = ['Host', 'Guest'];
    // The socket is back and the topic granted again.
    await act(async () => emit('subscribed', {}));
    await vi.waitFor(() => expect(shown()).toBe('Host,Guest'), { timeout: 2_000 });
  });

  it('keeps an event newer than a read still on its way', async () => {
    members = ['Host'];
    holdReads = false;
    const qc = await open();
    // A read leaves (a re-grant, any refetch) before the guest's join and answers after its event.
    holdReads = true;
    await act(async () => void qc.invalidateQueries({ queryKey: ['room', 'r1', 'members'] }));
    await vi.waitFor(() => expect(reads.length).toBe(1));
    members = ['Host', 'Guest'];
    await act(async () => emit('room.members', { roomId: 'r1', members: members.map((name) => ({ id: name, name })) }));
    await vi.waitFor(() => expect(shown()).toBe('Host,Guest'));
    await act(async () => {
      for (const r of reads.splice(0)) r.resolve();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(shown()).toBe('Host,Guest');
  });
});
