// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NowPlaying } from './NowPlaying';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

describe('NowPlaying', () => {
  it("shows the encoder's song while live, nothing before it says or once the stream ended", () => {
    act(() => root.render(<NowPlaying stream={{ status: 'live', nowPlaying: 'Zoë – Ψ ☕' }} />));
    expect(host.textContent).toBe('Now playing: Zoë – Ψ ☕');
    act(() => root.render(<NowPlaying stream={{ status: 'live', nowPlaying: null }} />));
    expect(host.textContent).toBe('');
    act(() => root.render(<NowPlaying stream={{ status: 'ended', nowPlaying: 'Last song' }} />));
    expect(host.textContent).toBe('');
  });
});
