import { SEEK_STEP_SECONDS, type TTrack } from '@wavecast/shared';

export interface MediaSessionControls {
  play: () => void;
  pause: () => void;
  seekTo: (seconds: number) => void;
  seekBy: (seconds: number) => void;
  next: () => void;
  previous: () => void;
}

/** The subset of navigator.mediaSession we use (so tests can pass a fake). */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState?: MediaSessionPlaybackState;
  setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => void;
  setPositionState?: (state?: MediaPositionState) => void;
}

export const MEDIA_SESSION_ACTIONS: MediaSessionAction[] = [
  'play',
  'pause',
  'seekto',
  'seekbackward',
  'seekforward',
  'previoustrack',
  'nexttrack',
];

/** Wires lock-screen and media-key actions to the player; returns a function that unwires them. */
export function bindMediaSession(session: MediaSessionLike, controls: MediaSessionControls): () => void {
  const handlers: Record<string, MediaSessionActionHandler> = {
    play: () => controls.play(),
    pause: () => controls.pause(),
    seekto: (d) => {
      if (typeof d.seekTime === 'number') controls.seekTo(d.seekTime);
    },
    seekbackward: (d) => controls.seekBy(-(d.seekOffset ?? SEEK_STEP_SECONDS)),
    seekforward: (d) => controls.seekBy(d.seekOffset ?? SEEK_STEP_SECONDS),
    previoustrack: () => controls.previous(),
    nexttrack: () => controls.next(),
  };
  for (const action of MEDIA_SESSION_ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // Browsers throw for actions they do not support; the others still work.
    }
  }
  return () => {
    for (const action of MEDIA_SESSION_ACTIONS) {
      try {
        session.setActionHandler(action, null);
      } catch {}
    }
  };
}

/** The lock screen's title, artist and artwork for a track. */
export function mediaMetadataInit(track: TTrack, origin: string): MediaMetadataInit {
  const artwork = new URL(track.coverUrl, origin).toString();
  return {
    title: track.title,
    artist: track.creator.displayName ?? '',
    album: 'Wavecast',
    artwork: [{ src: artwork, sizes: '512x512' }],
  };
}

export function setMediaMetadata(session: MediaSessionLike, track: TTrack | null, origin: string) {
  const Ctor = (globalThis as { MediaMetadata?: typeof MediaMetadata }).MediaMetadata;
  if (!track) {
    session.metadata = null;
    return;
  }
  const init = mediaMetadataInit(track, origin);
  session.metadata = Ctor ? new Ctor(init) : init;
}

export function setMediaPosition(session: MediaSessionLike, duration: number, position: number, rate: number) {
  if (!session.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
  try {
    session.setPositionState({ duration, position: Math.min(Math.max(0, position), duration), playbackRate: rate });
  } catch {}
}
