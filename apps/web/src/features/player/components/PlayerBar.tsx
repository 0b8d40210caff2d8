import { formatTime, type TTrack } from '@wavecast/shared';
import { ListMusic, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { profilePath } from '../../../lib/profilePath';
import { AdBreakBar } from '../../ads/components/AdBreakBar';
import { useSession } from '../../auth/session';
import { useCommentMarkers } from '../../comments/useCommentMarkers';
import { LikeButton } from '../../likes/components/LikeButton';
import { AddToPlaylistMenu } from '../../playlists/components/AddToPlaylistMenu';
import { hearsHd } from '../lib/hd';
import { usePlayerControls, usePlayerProgress, usePlayerState } from '../PlayerProvider';
import { ChapterControls } from './ChapterControls';
import { QueuePanel } from './QueuePanel';
import { SpeedControl } from './SpeedControl';
import { VolumeControl } from './VolumeControl';
import { Waveform } from './Waveform';

const iconButton = 'grid place-items-center rounded-full text-muted hover:text-fg disabled:opacity-40';

// The phone's full-screen player loads when first opened, not with the bar.
const FullScreenPlayer = lazy(() => import('./FullScreenPlayer'));

/** The persistent player bar: shown once a track is selected, above the mobile nav on phones. */
const canPlayType = (type: string) =>
  typeof document === 'undefined' ? '' : document.createElement('audio').canPlayType(type);

export function PlayerBar() {
  const player = usePlayerControls();
  const track = usePlayerState((s) => s.current);
  const queueLength = usePlayerState((s) => s.queue.length);
  // A live stream or a room holds the one output (ADR 0049): the bar says so, as its track is silent.
  const live = usePlayerState((s) => s.live);
  const [queueOpen, setQueueOpen] = useState(false);
  const closeQueue = useCallback(() => setQueueOpen(false), []);
  const [fullOpen, setFullOpen] = useState(false);
  const closeFull = useCallback(() => setFullOpen(false), []);
  const hdListening = useSession().user?.entitlements.hdListening ?? false;
  if (!track) return null;
  const hd = hearsHd(track, hdListening, canPlayType);

  return (
    <section
      aria-label="Player"
      data-testid="player-bar"
      className="fixed inset-x-0 bottom-14 z-30 border-t border-border bg-surface/95 backdrop-blur md:bottom-0 md:left-64"
    >
      <MiniProgress />
      {/* Phones: one compact row (cover, title, like, play, next) that opens the full-screen player;
          wider screens: the whole bar. */}
      <div className="relative mx-auto flex max-w-screen-2xl items-center gap-1 px-3 py-1.5 md:gap-4 md:px-4 md:py-2">
        <AdBreakBar />
        {/* Track */}
        <div className="relative flex min-w-0 flex-1 items-center gap-3 md:w-64 md:flex-none md:shrink-0 lg:w-72">
          <img src={track.coverUrl} alt="" className="size-10 shrink-0 rounded-md object-cover md:size-11" />
          <button
            type="button"
            onClick={() => setFullOpen(true)}
            aria-label="Open full-screen player"
            aria-haspopup="dialog"
            data-testid="open-full-player"
            className="absolute inset-0 z-10 md:hidden"
          />
          <div className="min-w-0 flex-1">
            <Link
              to={`/audio/${track.id}`}
              className="block truncate text-sm font-semibold hover:underline"
              data-testid="player-title"
            >
              {track.title}
            </Link>
            <Link
              to={profilePath(track.creator)}
              className="block truncate text-xs text-muted hover:text-fg hover:underline"
              data-testid="player-artist"
            >
              {track.creator.displayName ?? 'Unknown Artist'}
            </Link>
            {live && (
              <p className="truncate text-xs font-semibold text-primary" data-testid="player-live-note" role="status">
                {live.label ?? 'Live stream playing'}: {live.title}
              </p>
            )}
          </div>
          {hd && (
            <span
              title="HD audio"
              data-testid="player-hd"
              className="shrink-0 rounded border border-primary px-1 text-[10px] font-bold leading-4 text-fg"
            >
              HD<span className="sr-only"> audio</span>
            </span>
          )}
          <LikeButton track={track} size="sm" className="relative z-20" />
          <AddToPlaylistMenu track={track} className="relative z-20 hidden sm:inline-flex" />
          {/* Compact controls on phones */}
          <div className="relative z-20 flex items-center md:hidden">
            <PlayPause size="sm" />
            <button
              type="button"
              onClick={player.next}
              disabled={queueLength === 0}
              aria-label="Next track"
              className={cn(iconButton, 'size-9')}
            >
              <SkipForward className="size-5" aria-hidden />
            </button>
          </div>
        </div>

        {/* Transport + waveform */}
        <div className="hidden min-w-0 flex-1 flex-col gap-1 md:flex">
          <div className="hidden items-center justify-center gap-2 md:flex">
            <button
              type="button"
              onClick={player.previous}
              aria-label="Previous track"
              className={cn(iconButton, 'size-9')}
            >
              <SkipBack className="size-5" aria-hidden />
            </button>
            <PlayPause size="md" />
            <button
              type="button"
              onClick={player.next}
              disabled={queueLength === 0}
              aria-label="Next track"
              className={cn(iconButton, 'size-9')}
            >
              <SkipForward className="size-5" aria-hidden />
            </button>
          </div>
          <Progress track={track} />
        </div>

        {/* Extras */}
        <div className="hidden items-center justify-end gap-2 md:flex md:w-auto md:shrink-0">
          <ChapterControls />
          <div className="flex items-center gap-2">
            <SpeedControl />
            <div className="hidden lg:block">
              <VolumeControl />
            </div>
            <button
              type="button"
              onClick={() => setQueueOpen((o) => !o)}
              aria-expanded={queueOpen}
              aria-label={`Queue (${queueLength})`}
              data-testid="queue-toggle"
              className={cn(
                'relative grid size-9 place-items-center rounded-full hover:bg-surface-2',
                queueOpen ? 'text-primary' : 'text-muted hover:text-fg',
              )}
            >
              <ListMusic className="size-5" aria-hidden />
              {queueLength > 0 && (
                <span className="-top-0.5 -right-0.5 absolute grid min-w-4 place-items-center rounded-full bg-primary-strong px-1 text-[10px] font-bold leading-4 text-primary-fg">
                  {queueLength}
                </span>
              )}
            </button>
          </div>
        </div>
        {queueOpen && <QueuePanel onClose={closeQueue} />}
      </div>
      {fullOpen && (
        <Suspense fallback={null}>
          <FullScreenPlayer onClose={closeFull} />
        </Suspense>
      )}
    </section>
  );
}

/** The phone's thin progress line along the top of the compact bar (seeking is in the full-screen player). */
function MiniProgress() {
  const currentTime = usePlayerProgress();
  const duration = usePlayerState((s) => s.duration || s.current?.duration || 0);
  const share = duration > 0 ? Math.min(1, currentTime / duration) : 0;
  return (
    <div className="absolute inset-x-0 top-0 h-0.5 bg-border md:hidden" aria-hidden>
      <div className="h-full origin-left bg-primary" style={{ transform: `scaleX(${share})` }} />
    </div>
  );
}

/** The time line: the only part of the bar that re-renders as the track plays. */
function Progress({ track }: { track: TTrack }) {
  const { seek } = usePlayerControls();
  const currentTime = usePlayerProgress();
  const duration = usePlayerState((s) => s.duration) || track.duration;
  const markers = useCommentMarkers(track.id);
  return (
    <div className="flex items-center gap-2 text-xs tabular-nums text-muted">
      <span data-testid="player-current-time" className="w-10 text-right">
        {formatTime(currentTime)}
      </span>
      <Waveform
        peaksUrl={track.peaksUrl}
        duration={duration}
        currentTime={currentTime}
        onSeek={seek}
        markers={markers}
        height={32}
        label={`Seek in ${track.title}`}
      />
      <span data-testid="player-duration" className="w-10">
        {formatTime(duration)}
      </span>
    </div>
  );
}

function PlayPause({ size }: { size: 'sm' | 'md' }) {
  const { toggle } = usePlayerControls();
  const playing = usePlayerState((s) => s.playing);
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={playing ? 'Pause' : 'Play'}
      className={cn(
        'grid place-items-center rounded-full bg-fg text-bg hover:scale-105',
        size === 'md' ? 'size-10' : 'size-9',
      )}
    >
      <Icon className={cn('fill-current', size === 'md' ? 'size-5' : 'size-4')} aria-hidden />
    </button>
  );
}
