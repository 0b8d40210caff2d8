// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TTrack } from '@wavecast/shared';
import { act, Profiler, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY, SessionProvider } from '../auth/session';
import { TrackGrid } from '../discovery/components/TrackGrid';
import { PlayerProvider, usePlayerProgress } from './PlayerProvider';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function track(n: number): TTrack {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Track ${n}`,
    description: null,
    coverUrl: '/cover.png',
    audioUrl: `/api/tracks/${n}/stream`,
    downloadUrl: null,
    peaksUrl: null,
    duration: 180,
    category: 'Music',
    tags: [],
    isPublic: true,
    allowDownloads: false,
    playCount: 0,
    likeCount: 0,
    chapterMarkers: [],
    status: 'ready',
    gainDb: null,
    createdAt: new Date(0).toISOString(),
    creator: { id: '00000000-0000-4000-8000-0000000000aa', displayName: 'Ada', avatarUrl: null },
    hd: false,
  };
}

function TimeProbe() {
  return <span data-testid="time">{usePlayerProgress().toFixed(1)}</span>;
}

describe('PlayerProvider', () => {
  let root: Root;
  let host: HTMLElement;
  /** The requests the player sent (a stand-in for the server: this test renders no server). */
  let sent: string[];
  beforeEach(() => {
    sent = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input), location.href).pathname}`);
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    localStorage.clear();
  });

  function renderApp(children: ReactNode) {
    const qc = new QueryClient();
    // Signed out, without asking a server.
    qc.setQueryData(SESSION_KEY, { user: null });
    act(() =>
      root.render(
        <QueryClientProvider client={qc}>
          <SessionProvider>
            <MemoryRouter>
              <PlayerProvider>{children}</PlayerProvider>
            </MemoryRouter>
          </SessionProvider>
        </QueryClientProvider>,
      ),
    );
  }

  it('a grid of track cards does not re-render while a track plays; only what shows time does', async () => {
    let gridRenders = 0;
    let timeRenders = 0;
    renderApp(
      <>
        <Profiler id="grid" onRender={() => gridRenders++}>
          <TrackGrid tracks={[1, 2, 3, 4, 5, 6].map(track)} />
        </Profiler>
        <Profiler id="time" onRender={() => timeRenders++}>
          <TimeProbe />
        </Profiler>
      </>,
    );
    // Nothing played yet: the engine and its <audio> element do not exist (lazy-player.ts).
    expect(document.querySelector('[data-testid="player-audio"]')).toBeNull();
    const play = host.querySelector<HTMLButtonElement>('button[aria-label="Play Track 1"]');
    act(() => play?.click());
    // The first Play loads the engine's code, then plays.
    const audio = await vi.waitFor(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      if (!a) throw new Error('the player has no <audio> element yet');
      return a;
    });
    expect(audio.getAttribute('src')).toContain('/api/tracks/1/stream');
    act(() => {
      audio.dispatchEvent(new Event('play'));
    });
    // A Free listener's track first asks for a pre-roll (features/ads, loaded on first play; the stand-in has none).
    await vi.waitFor(() => expect(sent).toContain('GET /api/ads/serve'));
    // An anonymous listener says hello once, so the play can count later.
    expect(sent.filter((r) => !r.startsWith('GET /api/ads/'))).toEqual(['POST /api/plays']);
    // The card that plays shows it.
    expect(host.querySelector('button[aria-label="Pause Track 1"]')).not.toBeNull();

    gridRenders = 0;
    timeRenders = 0;
    for (let i = 1; i <= 20; i++) {
      act(() => {
        audio.currentTime = i * 0.25;
        audio.dispatchEvent(new Event('timeupdate'));
      });
    }
    expect(host.querySelector('[data-testid="time"]')?.textContent).toBe('5.0');
    expect(timeRenders).toBe(20);
    expect(gridRenders).toBe(0);

    // Pausing re-renders the grid once (one card's button changes), not per card per tick.
    act(() => {
      audio.dispatchEvent(new Event('pause'));
    });
    expect(gridRenders).toBe(1);
    expect(host.querySelector('button[aria-label="Play Track 1"]')).not.toBeNull();
  });
});
