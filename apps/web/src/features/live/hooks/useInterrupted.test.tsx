// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../../../test/react-root';

// The realtime socket stands in for the server's events (this tests the page's reading of them).
const handlers = new Map<string, (data: unknown) => void>();
vi.mock('../../../lib/socket', () => ({
  onEvent: (topic: string, event: string, handler: (data: unknown) => void) => {
    handlers.set(`${topic} ${event}`, handler);
    return () => handlers.delete(`${topic} ${event}`);
  },
}));
const { useInterrupted } = await import('./useInterrupted');

function Probe({ playing }: { playing: boolean }) {
  return <span>{useInterrupted('s1', playing) ? 'interrupted' : 'fine'}</span>;
}

const view = reactRootPerTest();

const fire = (event: string) => act(() => handlers.get(`live:s1 ${event}`)?.({ streamId: 's1' }));

describe('useInterrupted', () => {
  it('is set by live.interrupted and cleared by live.resumed, live.ended or playing again after a stop', () => {
    act(() => view.root.render(<Probe playing />));
    expect(view.host.textContent).toBe('fine');
    fire('live.interrupted');
    expect(view.host.textContent).toBe('interrupted'); // still "playing" a silent connection: not cleared
    fire('live.resumed');
    expect(view.host.textContent).toBe('fine');

    fire('live.interrupted');
    act(() => view.root.render(<Probe playing={false} />)); // the mirror let the player go: reconnecting
    expect(view.host.textContent).toBe('interrupted');
    act(() => view.root.render(<Probe playing />)); // it found the broadcast again
    expect(view.host.textContent).toBe('fine');

    fire('live.interrupted');
    fire('live.ended');
    expect(view.host.textContent).toBe('fine');
  });
});
