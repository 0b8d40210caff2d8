import type { TLiveStream } from '@wavecast/shared';

/** What the encoder says is playing (its metadata updates), while the stream is on air. */
export function NowPlaying({ stream }: { stream: Pick<TLiveStream, 'status' | 'nowPlaying'> }) {
  if (stream.status !== 'live' || !stream.nowPlaying) return null;
  return (
    <p className="text-muted break-words" data-testid="live-now-playing" aria-live="polite">
      <span className="font-semibold text-fg">Now playing:</span> {stream.nowPlaying}
    </p>
  );
}
