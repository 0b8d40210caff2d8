import { DEFAULT_VOLUME, LIVE_LISTENER_MESSAGES, type TLiveStream } from '@wavecast/shared';
import { Loader2, Play, Square, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { onEvent } from '../../../lib/socket';
import { AdBreakBar } from '../../ads/components/AdBreakBar';
import { adBreak, playPreroll } from '../../ads/preroll';
import type { LiveOutputClaim } from '../../player/engine';
import { usePlayerControls, usePlayerState } from '../../player/PlayerProvider';
import { useInterrupted } from '../hooks/useInterrupted';
import { createLiveEngine, type LiveEngine } from '../lib/liveEngine';
import type { LivePlayerState } from '../lib/livePlayerBase';
import { type LiveMediaInfo, showInMediaSession, streamMediaInfo } from './liveMediaSession';

const STATE_TEXT: Record<LivePlayerState, string> = {
  connecting: 'Connecting...',
  playing: 'Listening live',
  reconnecting: 'Reconnecting...',
  blocked: 'Press play to listen',
  stopped: 'Stopped',
};

/**
 * The live player: starts by itself while the stream is on air, after a pre-roll when the server
 * has an ad for this listener (none for ad-free plans, never for the stream's creator); play/stop
 * and volume. When the broadcast ends, the audio it holds plays out (the last second is heard)
 * unless the stream was taken down (its account suspended or deleted): that stops at once.
 * `onSounding` says whether it is making sound or about to (the page keeps it while it is).
 * The system's media controls follow what plays once the stream does (a pre-roll shows its own
 * 'Ad'): `media` when the page knows it (a radio channel's current track), else the encoder's
 * now playing or the stream itself.
 */
export function LivePlayer({
  stream,
  media,
  onSounding,
}: {
  stream: TLiveStream;
  media?: LiveMediaInfo | null;
  onSounding?: (sounding: boolean) => void;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const engine = useRef<LiveEngine | null>(null);
  const takenDown = useRef(false);
  const [wanted, setWanted] = useState(true);
  const [state, setState] = useState<LivePlayerState>('stopped');
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  /** Past the pre-roll: the stream, not an ad, is what the media controls describe. */
  const [onStream, setOnStream] = useState(false);
  const { claimOutput, releaseOutput } = usePlayerControls();
  // The app has one audio output (ADR 0049): this stream holds it while it plays; the track player
  // taking it back stops the stream (and the page says so).
  const [claim] = useState<LiveOutputClaim>(() => ({ title: stream.title, stop: () => setWanted(false) }));
  const trackPlaying = usePlayerState((s) => s.playing);
  const onAir = stream.status === 'live';
  const { id: streamId, streamUrl } = stream;
  const interrupted = useInterrupted(streamId, state === 'playing');
  // Read when a pre-roll starts (not a reason to start the stream again).
  const level = useRef({ volume, muted });
  level.current = { volume, muted };
  const streamRef = useRef(stream);
  streamRef.current = stream;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !wanted || !onAir) return;
    let left = false;
    setState('connecting');
    // One thing plays at a time: the ad too silences the track player.
    claim.title = streamRef.current.title;
    claimOutput(claim);
    void playPreroll({ streamId }, level.current).then(() => {
      if (left) return;
      const p = createLiveEngine(audio, { id: streamId, streamUrl }, { onState: setState });
      engine.current = p;
      setOnStream(true);
      p.start();
    });
    return () => {
      left = true;
      setOnStream(false);
      // Stopped or left during the ad: it ends with the page (what it played is reported already).
      if (adBreak.get()?.before === 'live') adBreak.cancel();
      // The broadcast ended (not the listener's stop): what has arrived plays out first.
      if (wanted && streamRef.current.status === 'ended' && !takenDown.current) engine.current?.finish();
      else {
        engine.current?.stop();
        engine.current = null;
      }
      releaseOutput(claim);
    };
  }, [wanted, onAir, streamId, streamUrl, claim, claimOutput, releaseOutput]);

  const shown = media ?? streamMediaInfo(stream);
  const { title: mTitle, artist: mArtist, album: mAlbum, artworkUrl: mArtwork } = shown;
  useEffect(() => {
    if (onStream) showInMediaSession({ title: mTitle, artist: mArtist, album: mAlbum, artworkUrl: mArtwork });
  }, [onStream, mTitle, mArtist, mAlbum, mArtwork]);

  // A takedown stops the audio at once; leaving the page stops a tail still playing.
  useEffect(() => {
    const off = onEvent(`live:${streamId}`, 'live.ended', (e) => {
      if (!e.takenDown) return;
      takenDown.current = true;
      engine.current?.stop();
    });
    return () => {
      off();
      engine.current?.stop();
    };
  }, [streamId]);

  const sounding = state !== 'stopped' && state !== 'blocked';
  useEffect(() => {
    onSounding?.(sounding);
    return () => onSounding?.(false);
  }, [sounding, onSounding]);

  // However the element starts playing (a click after autoplay was blocked), it takes the output.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const take = () => claimOutput(claim);
    audio.addEventListener('play', take);
    return () => audio.removeEventListener('play', take);
  }, [claim, claimOutput]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [volume, muted]);

  const toggle = () => {
    if (state === 'blocked') return engine.current?.resume();
    // Listening again takes the output back from the track player.
    setWanted((w) => !w);
  };
  const active = wanted && onAir && state !== 'stopped';
  const busy = state === 'connecting' || state === 'reconnecting';

  return (
    <div className="relative flex flex-wrap items-center gap-4 overflow-hidden rounded-card border border-border bg-surface p-4">
      <AdBreakBar before="live" />
      {/* biome-ignore lint/a11y/useMediaCaption: live speech and music without a caption track */}
      <audio ref={audioRef} data-testid="live-audio" />
      <button
        type="button"
        onClick={toggle}
        disabled={!onAir}
        aria-label={active && state !== 'blocked' ? 'Stop listening' : 'Listen live'}
        className="grid size-14 shrink-0 place-items-center rounded-full bg-primary text-primary-fg transition-colors hover:bg-primary/90 disabled:opacity-50"
      >
        {busy && active ? (
          <Loader2 className="size-6 animate-spin" aria-hidden />
        ) : active && state !== 'blocked' ? (
          <Square className="size-5 fill-current" aria-hidden />
        ) : (
          <Play className="size-6 fill-current" aria-hidden />
        )}
      </button>
      <div className="min-w-0 flex-1">
        <p className="font-semibold" data-testid="live-player-state" aria-live="polite">
          {!onAir && sounding
            ? 'The broadcast has ended'
            : onAir
              ? interrupted
                ? LIVE_LISTENER_MESSAGES.interrupted
                : wanted
                  ? STATE_TEXT[state]
                  : 'Stopped'
              : 'Not on air'}
        </p>
        <p className="text-sm text-muted" data-testid="live-player-note">
          {!onAir
            ? ''
            : wanted
              ? 'You are hearing it as it happens.'
              : trackPlaying
                ? 'Stopped: the player is playing a track.'
                : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? 'Unmute' : 'Mute'}
          className="grid size-9 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        >
          {muted || volume === 0 ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={muted ? 0 : volume}
          onChange={(e) => {
            setVolume(Number(e.target.value));
            setMuted(false);
          }}
          aria-label="Volume"
          className="w-24 accent-primary"
        />
      </div>
    </div>
  );
}
