// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../../../test/react-root';
import { NowPlaying } from './NowPlaying';

const view = reactRootPerTest();

describe('NowPlaying', () => {
  it("shows the encoder's song while live, nothing before it says or once the stream ended", () => {
    act(() => view.root.render(<NowPlaying stream={{ status: 'live', nowPlaying: 'Zoë – Ψ ☕' }} />));
    expect(view.host.textContent).toBe('Now playing: Zoë – Ψ ☕');
    act(() => view.root.render(<NowPlaying stream={{ status: 'live', nowPlaying: null }} />));
    expect(view.host.textContent).toBe('');
    act(() => view.root.render(<NowPlaying stream={{ status: 'ended', nowPlaying: 'Last song' }} />));
    expect(view.host.textContent).toBe('');
  });
});
