// The live embed (/embed/live/:id): the site's live engine (MSE WebM/Opus, else LL-HLS) in a small
// frame with the stream's title, creator and on-air state. It starts on a click (a frame on
// another site may not autoplay) and asks /api/live/:id again now and then, so "Offline" turns
// into a play button when the creator goes live, and back when the broadcast ends.
import { createLiveEngine, type LiveEngine } from '../features/live/lib/liveEngine';
import type { LivePlayerState } from '../features/live/lib/livePlayerBase';

export interface EmbedLiveData {
  kind: 'live';
  id: string;
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  status: 'pending' | 'live' | 'ended';
  streamUrl: string;
}

/** How often the frame asks whether the stream is on air. */
const STATUS_POLL_MS = 10_000;

const STATE_TEXT: Record<LivePlayerState, string> = {
  connecting: 'Connecting...',
  playing: 'Listening live',
  reconnecting: 'Reconnecting...',
  blocked: 'Press play to listen',
  stopped: 'On air',
};

type El = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]> & { className?: string },
  ...children: (Node | string)[]
) => HTMLElementTagNameMap[K];

export function mountLive(root: HTMLElement, data: EmbedLiveData, el: El): void {
  const audio = el('audio');
  audio.dataset.testid = 'live-audio';
  let engine: LiveEngine | null = null;
  let status: EmbedLiveData['status'] = data.status;
  let onAir = status === 'live';
  let streamUrl = data.streamUrl;
  let state: LivePlayerState = 'stopped';

  const cover = el('img', { className: 'cover', alt: '', width: 96, height: 96, src: data.coverUrl });
  const play = el('button', { className: 'play', type: 'button' });
  const title = el('a', { className: 'title', href: data.pageUrl, target: '_blank', rel: 'noopener' }, data.title);
  const creator = el('p', { className: 'creator' }, data.creator);
  const badge = el('span', { className: 'badge' });
  const line = el('p', { className: 'status' });
  line.setAttribute('aria-live', 'polite');
  const brand = el('a', { className: 'brand', href: data.pageUrl, target: '_blank', rel: 'noopener' }, 'Wavecast');

  function render() {
    const listening = engine !== null && state !== 'stopped' && state !== 'blocked';
    root.dataset.onAir = String(onAir);
    root.dataset.playing = String(state === 'playing');
    badge.textContent = onAir ? 'Live' : 'Offline';
    badge.dataset.onAir = String(onAir);
    line.textContent = onAir ? STATE_TEXT[state] : status === 'ended' ? 'The broadcast has ended' : 'Not on air yet';
    play.disabled = !onAir;
    play.textContent = listening ? '■' : '►';
    play.setAttribute('aria-label', listening ? 'Stop listening' : 'Listen live');
  }

  function stop() {
    engine?.stop();
    engine = null;
    state = 'stopped';
  }

  play.addEventListener('click', () => {
    if (engine && state === 'blocked') return engine.resume();
    if (engine) {
      stop();
      return render();
    }
    if (!onAir) return;
    engine = createLiveEngine(
      audio,
      { id: data.id, streamUrl },
      {
        onState: (s) => {
          state = s;
          render();
        },
      },
    );
    engine.start();
  });

  async function refresh() {
    try {
      const res = await fetch(`/api/live/${encodeURIComponent(data.id)}`, { credentials: 'omit', cache: 'no-store' });
      if (res.status === 404) {
        status = 'ended';
      } else if (res.ok) {
        const s = (await res.json()) as { status?: EmbedLiveData['status']; streamUrl?: string };
        status = s.status ?? 'ended';
        if (s.streamUrl) streamUrl = s.streamUrl;
      } else {
        return;
      }
      onAir = status === 'live';
      if (!onAir && engine) stop();
      render();
    } catch {
      // offline for a moment: keep what is shown
    }
  }
  setInterval(() => void refresh(), STATUS_POLL_MS);

  root.append(
    el(
      'div',
      { className: 'player' },
      cover,
      el(
        'div',
        { className: 'body' },
        el('div', { className: 'head' }, play, el('div', { className: 'meta' }, title, creator), brand),
        el('div', { className: 'bar' }, badge, line),
      ),
    ),
    audio,
  );
  render();
}
