// The radio embed (/embed/radio/:id, issue 38): a channel in a small frame, played with the site's
// live engine (MSE WebM/Opus, else LL-HLS) like the live embed, with the channel's name, what is
// playing and On air / Off air. It starts on a click (a frame on another site may not autoplay)
// and asks /api/radio/channels/:id again now and then for its state and now playing.
import { createLiveEngine, type LiveEngine } from '../features/live/lib/liveEngine';
import type { LivePlayerState } from '../features/live/lib/livePlayerBase';

export interface EmbedRadioData {
  kind: 'radio';
  id: string;
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  onAir: boolean;
  streamId: string | null;
  streamUrl: string | null;
  nowPlaying: { title: string; artist: string } | null;
}

/** How often the frame asks for the channel's state (now playing changes at track boundaries). */
const STATUS_POLL_MS = 10_000;

const STATE_TEXT: Record<LivePlayerState, string> = {
  connecting: 'Connecting...',
  playing: 'Listening',
  reconnecting: 'Reconnecting...',
  blocked: 'Press play to listen',
  stopped: 'Ready to play',
};

type El = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]> & { className?: string },
  ...children: (Node | string)[]
) => HTMLElementTagNameMap[K];

const nowText = (n: EmbedRadioData['nowPlaying']) => (n ? (n.artist ? `${n.title} · ${n.artist}` : n.title) : '');

export function mountRadio(root: HTMLElement, data: EmbedRadioData, el: El): void {
  const audio = el('audio');
  audio.dataset.testid = 'radio-audio';
  let engine: LiveEngine | null = null;
  let { onAir, streamId, streamUrl, nowPlaying } = data;
  let state: LivePlayerState = 'stopped';

  const cover = el('img', { className: 'cover', alt: '', width: 96, height: 96, src: data.coverUrl });
  const play = el('button', { className: 'play', type: 'button' });
  const title = el('a', { className: 'title', href: data.pageUrl, target: '_blank', rel: 'noopener' }, data.title);
  const creator = el('p', { className: 'creator' }, data.creator);
  const now = el('p', { className: 'creator now-playing' });
  now.setAttribute('aria-live', 'polite');
  now.setAttribute('aria-label', 'Now playing');
  const badge = el('span', { className: 'badge' });
  const line = el('p', { className: 'status' });
  line.setAttribute('aria-live', 'polite');
  const brand = el('a', { className: 'brand', href: data.pageUrl, target: '_blank', rel: 'noopener' }, 'Wavecast');

  function render() {
    const listening = engine !== null && state !== 'stopped' && state !== 'blocked';
    root.dataset.onAir = String(onAir);
    root.dataset.playing = String(state === 'playing');
    badge.textContent = onAir ? 'On air' : 'Off air';
    badge.dataset.onAir = String(onAir);
    line.textContent = onAir ? STATE_TEXT[state] : 'This channel is off air';
    now.textContent = onAir ? nowText(nowPlaying) : '';
    now.hidden = !onAir || !nowPlaying;
    play.disabled = !onAir || !streamId;
    play.textContent = listening ? '■' : '►';
    play.setAttribute('aria-label', listening ? 'Stop listening' : 'Listen');
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
    if (!onAir || !streamId) return;
    engine = createLiveEngine(
      audio,
      { id: streamId, streamUrl: streamUrl ?? `/api/live/${encodeURIComponent(streamId)}/stream` },
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
      const res = await fetch(`/api/radio/channels/${encodeURIComponent(data.id)}`, {
        credentials: 'omit',
        cache: 'no-store',
      });
      if (res.status === 404) {
        onAir = false;
      } else if (res.ok) {
        const c = (await res.json()) as {
          onAir: boolean;
          streamId: string | null;
          nowPlaying: { title: string; artist: string } | null;
        };
        // Back on air under a new relay stream: a playing engine follows it on the next click.
        if (c.streamId !== streamId) {
          if (engine) stop();
          streamUrl = null;
        }
        onAir = c.onAir;
        streamId = c.streamId;
        nowPlaying = c.nowPlaying;
      } else {
        return;
      }
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
        el('div', { className: 'head' }, play, el('div', { className: 'meta' }, title, creator, now), brand),
        el('div', { className: 'bar' }, badge, line),
      ),
    ),
    audio,
  );
  render();
}
