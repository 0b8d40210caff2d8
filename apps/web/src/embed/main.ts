// The embeddable player (/embed/track/:id, /embed/playlist/:id, /embed/live/:id, /embed/radio/:id): vanilla
// TypeScript, no app shell, its own build entry (vite.embed.config.ts). The page carries its data
// as inline JSON.
import { playCountThreshold } from '@wavecast/shared';
import './embed.css';
import type { EmbedLiveData } from './live';
import type { EmbedRadioData } from './radio';
import { startSeconds } from './start';

interface EmbedTrack {
  id: string;
  title: string;
  creator: string;
  coverUrl: string;
  streamUrl: string;
  duration: number;
  pageUrl: string;
}
interface EmbedData {
  kind: 'track' | 'playlist';
  title: string;
  creator: string;
  pageUrl: string;
  coverUrl: string;
  tracks: EmbedTrack[];
}

const parsed = JSON.parse(document.getElementById('wavecast-embed-data')?.textContent ?? 'null') as
  | EmbedData
  | EmbedLiveData
  | EmbedRadioData
  | null;
const live = parsed?.kind === 'live' ? parsed : null;
const radio = parsed?.kind === 'radio' ? parsed : null;
const data = parsed?.kind === 'live' || parsed?.kind === 'radio' ? null : parsed;
const root = document.getElementById('wavecast-embed');

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const fmt = (s: number) => {
  const t = Math.max(0, Math.floor(Number.isFinite(s) ? s : 0));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

/** The same plays API and rule as the main player: a play counts after 30 s (or half a short track). */
// Inside another site the SameSite=Lax listener cookie is not sent: the frame keeps the server's
// signed listener token in its own storage and sends it with each report instead.
const TOKEN_KEY = 'wavecast:listener';
let listenerToken: string | undefined;
try {
  listenerToken = localStorage.getItem(TOKEN_KEY) ?? undefined;
} catch {
  // storage blocked: the token lives as long as the frame
}

function report(trackId: string, secondsListened: number) {
  void fetch('/api/plays', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ trackId, secondsListened: Math.round(secondsListened * 10) / 10, listenerToken }),
  })
    .then((r) => (r.ok ? r.json() : null))
    .then((res: { listenerToken?: string } | null) => {
      if (!res?.listenerToken) return;
      listenerToken = res.listenerToken;
      try {
        localStorage.setItem(TOKEN_KEY, res.listenerToken);
      } catch {
        // storage blocked
      }
    })
    .catch(() => {});
}

if (live && root) {
  // The live engine is its own chunk: track and playlist frames never load it.
  void import('./live').then(({ mountLive }) => mountLive(root, live, el));
} else if (radio && root) {
  // A channel plays in the same live engine, its own chunk too.
  void import('./radio').then(({ mountRadio }) => mountRadio(root, radio, el));
} else if (data && root && data.tracks.length > 0) {
  const audio = new Audio();
  audio.preload = 'metadata';
  let index = 0;
  let listened = 0;
  let lastTime = 0;
  let reported = false;
  let started = false;

  const cover = el('img', { className: 'cover', alt: '', width: 96, height: 96 });
  const play = el('button', { className: 'play', type: 'button' });
  const title = el('a', { className: 'title', target: '_blank', rel: 'noopener' });
  const creator = el('p', { className: 'creator' });
  const seek = el('input', { className: 'seek', type: 'range', min: '0', max: '0', step: '0.1', value: '0' });
  seek.setAttribute('aria-label', 'Seek');
  const time = el('span', { className: 'time' }, '0:00');
  const brand = el('a', { className: 'brand', href: data.pageUrl, target: '_blank', rel: 'noopener' }, 'Wavecast');
  const list = el('ol', { className: 'list' });

  const setPlaying = (playing: boolean) => {
    play.textContent = playing ? '❚❚' : '►';
    play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    root.dataset.playing = String(playing);
  };

  function load(i: number) {
    const t = data?.tracks[i];
    if (!t) return;
    index = i;
    listened = 0;
    lastTime = 0;
    reported = false;
    started = false;
    audio.src = t.streamUrl;
    cover.src = t.coverUrl;
    title.textContent = t.title;
    title.href = t.pageUrl;
    creator.textContent = t.creator;
    seek.max = String(t.duration || 0);
    seek.value = '0';
    time.textContent = `0:00 / ${fmt(t.duration)}`;
    for (const [n, li] of [...list.children].entries()) li.setAttribute('aria-current', String(n === i));
    setPlaying(false);
  }

  play.addEventListener('click', () => {
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  });
  seek.addEventListener('input', () => {
    audio.currentTime = Number(seek.value);
  });
  audio.addEventListener('play', () => {
    setPlaying(true);
    lastTime = audio.currentTime;
    // Like the main player: the first report gives an anonymous browser its listener id.
    if (!started) {
      started = true;
      report(data.tracks[index].id, 0);
    }
  });
  audio.addEventListener('pause', () => setPlaying(false));
  audio.addEventListener('seeking', () => {
    lastTime = audio.currentTime;
  });
  audio.addEventListener('timeupdate', () => {
    const t = data.tracks[index];
    const now = audio.currentTime;
    const step = now - lastTime;
    // Only time really listened counts (a jump is a seek, not listening).
    if (!audio.paused && step > 0 && step < 2) listened += step;
    lastTime = now;
    if (document.activeElement !== seek) seek.value = String(now);
    time.textContent = `${fmt(now)} / ${fmt(audio.duration || t.duration)}`;
    if (!reported && listened >= playCountThreshold(audio.duration || t.duration)) {
      reported = true;
      report(t.id, listened);
    }
  });
  audio.addEventListener('loadedmetadata', () => {
    if (Number.isFinite(audio.duration)) seek.max = String(audio.duration);
  });
  audio.addEventListener('ended', () => {
    if (index + 1 < data.tracks.length) {
      load(index + 1);
      void audio.play().catch(() => {});
    }
  });

  root.append(
    el(
      'div',
      { className: 'player' },
      cover,
      el(
        'div',
        { className: 'body' },
        el('div', { className: 'head' }, play, el('div', { className: 'meta' }, title, creator), brand),
        el('div', { className: 'bar' }, seek, time),
      ),
    ),
  );
  if (data.kind === 'playlist') {
    for (const [i, t] of data.tracks.entries()) {
      const button = el('button', { type: 'button' }, `${t.title} · ${t.creator}`);
      button.addEventListener('click', () => {
        load(i);
        void audio.play().catch(() => {});
      });
      list.append(el('li', {}, button));
    }
    root.append(list);
  }
  load(0);
  // `?t=` (the share dialog's "start at"): a track's frame starts there (a playlist's at its start).
  const startAt = data.kind === 'track' ? startSeconds(location.search, data.tracks[0].duration) : 0;
  if (startAt > 0) {
    // Before the metadata this is the default start position; once known, a plain seek.
    audio.currentTime = startAt;
    seek.value = String(startAt);
    time.textContent = `${fmt(startAt)} / ${fmt(data.tracks[0].duration)}`;
    audio.addEventListener(
      'loadedmetadata',
      () => {
        if (!started && audio.currentTime < startAt) audio.currentTime = startAt;
      },
      { once: true },
    );
  }
} else if (root) {
  root.textContent = 'Nothing to play here.';
}
