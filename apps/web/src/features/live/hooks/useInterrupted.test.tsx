// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The realtime socket stands in for the server's events (this tests the page's reading of them).
const handlers = new Map<string, (data: unknown) => void>();
vi.mock('../../../lib/socket', () => ({
  onEvent: (topic: string, event: string, handler: (data: unknown) => void) => {
    handlers.set(`${topic} ${event}`, handler);
    return () => handlers.delete(`${topic} ${event}`);
  },
}));
const { useInterrupted } = await import('./useInterrupted');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ playing }: { playing: boolean }) {
  return <span>{useInterrupted('s1', playing) ? 'interrupted' : 'fine'}</span>;
}

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const fire = (event: string) => act(() => handlers.get(`live:s1 ${event}`)?.({ streamId: 's1' }));

describe('useInterrupted', () => {
  it('is set by live.interrupted and cleared by live.resumed, live.ended or playing again after a stop', () => {
    act(() => root.render(<Probe playing />));
    expect(host.textContent).toBe('fine');
    fire('live.interrupted');
    expect(host.textContent).toBe('interrupted'); // still "playing" a silent connection: not cleared
    fire('live.resumed');
    expect(host.textContent).toBe('fine');

    fire('live.interrupted');
    act(() => root.render(<Probe playing={false} />)); // the mirror let the player go: reconnecting
    expect(host.textContent).toBe('interrupted');
    act(() => root.render(<Probe playing />)); // it found the broadcast again
    expect(host.textContent).toBe('fine');

    fire('live.interrupted');
    fire('live.ended');
    expect(host.textContent).toBe('fine');
  });
});
