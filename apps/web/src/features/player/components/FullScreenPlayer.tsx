import { DEFAULT_COVER_URL, formatTime, type TTrack } from '@wavecast/shared';
import { ChevronDown, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { cn } from '../../../lib/cn';
import { profilePath } from '../../../lib/profilePath';
import { useCommentMarkers } from '../../comments/useCommentMarkers';
import { LikeButton } from '../../likes/components/LikeButton';
import { ChapterList } from '../../tracks/components/ChapterList';
import { useCurrentChapter, usePlayerControls, usePlayerProgress, usePlayerState } from '../PlayerProvider';
import { QueueList } from './QueuePanel';
import { SleepTimerControl } from './SleepTimerControl';
import { SpeedControl } from './SpeedControl';
import { Waveform } from './Waveform';

/**
 * The phone's full-screen player (loaded when first opened, not with the page): artwork, the
 * waveform with its timestamped comments, transport, speed and sleep timer, then chapters and the
 * queue below. Escape, the close button or leaving the page closes it.
 */
export default function FullScreenPlayer({ onClose }: { onClose: () => void }) {
  const track = usePlayerState((s) => s.current);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    // The page under it must not scroll along.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);
  // A link followed from here (the track, the artist) shows that page.
  useEffect(() => {
    if (pathname !== openedAt.current) onClose();
  }, [pathname, onClose]);
  useEffect(() => {
    if (!track) onClose();
  }, [track, onClose]);
  if (!track) return null;

  // On <body>: inside the bar (backdrop-blur) `fixed` would be relative to the bar, not the screen.
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Now playing"
      data-testid="full-player"
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto overscroll-contain bg-bg"
    >
      <header className="sticky top-0 z-10 flex items-center gap-2 bg-bg/95 px-3 py-2 backdrop-blur">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Close player"
          className="grid size-10 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        >
          <ChevronDown className="size-6" aria-hidden />
        </button>
        <p className="flex-1 text-center text-xs font-semibold uppercase tracking-wider text-muted">Now playing</p>
        <span className="size-10" aria-hidden />
      </header>
      <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-5 pb-10">
        <img
          src={track.coverUrl}
          alt={`Cover of ${track.title}`}
          data-testid="full-player-artwork"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_COVER_URL)) e.currentTarget.src = DEFAULT_COVER_URL;
          }}
          className="mx-auto aspect-square w-full max-w-[min(20rem,70vw)] rounded-card object-cover shadow-2xl"
        />
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 className="line-clamp-2 break-words text-xl font-bold" title={track.title}>
              <Link to={`/audio/${track.id}`} className="hover:underline" data-testid="full-player-title">
                {track.title}
              </Link>
            </h2>
            <Link
              to={profilePath(track.creator)}
              className="block truncate text-sm text-muted hover:text-fg hover:underline"
            >
              {track.creator.displayName ?? 'Unknown Artist'}
            </Link>
          </div>
          <LikeButton track={track} />
        </div>
        <Timeline track={track} />
        <Transport />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SleepTimerControl />
          <SpeedControl />
        </div>
        <Chapters />
        <section aria-labelledby="full-queue-heading" data-testid="full-player-queue">
          <h2 id="full-queue-heading" className="mb-2 text-xl font-bold">
            Up next <QueueCount />
          </h2>
          <QueueOrEmpty />
        </section>
      </div>
    </div>,
    document.body,
  );
}

function Timeline({ track }: { track: TTrack }) {
  const { seek } = usePlayerControls();
  const currentTime = usePlayerProgress();
  const duration = usePlayerState((s) => s.duration) || track.duration;
  const markers = useCommentMarkers(track.id);
  return (
    <div>
      <Waveform
        peaksUrl={track.peaksUrl}
        duration={duration}
        currentTime={currentTime}
        onSeek={seek}
        markers={markers}
        height={56}
        label={`Seek in ${track.title}`}
      />
      <div className="mt-1 flex justify-between text-xs tabular-nums text-muted">
        <span data-testid="full-player-time">{formatTime(currentTime)}</span>
        <span>{formatTime(duration)}</span>
      </div>
    </div>
  );
}

function Transport() {
  const { previous, next, toggle } = usePlayerControls();
  const playing = usePlayerState((s) => s.playing);
  const queueLength = usePlayerState((s) => s.queue.length);
  const Icon = playing ? Pause : Play;
  const side = 'grid size-12 place-items-center rounded-full text-fg hover:bg-surface-2 disabled:opacity-40';
  return (
    <div className="flex items-center justify-center gap-6">
      <button type="button" onClick={previous} aria-label="Previous track" className={side}>
        <SkipBack className="size-7" aria-hidden />
      </button>
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause' : 'Play'}
        className="grid size-16 place-items-center rounded-full bg-fg text-bg hover:scale-105"
      >
        <Icon className={cn('size-7 fill-current', !playing && 'ml-1')} aria-hidden />
      </button>
      <button type="button" onClick={next} disabled={queueLength === 0} aria-label="Next track" className={side}>
        <SkipForward className="size-7" aria-hidden />
      </button>
    </div>
  );
}

function Chapters() {
  const { seek } = usePlayerControls();
  const chapters = usePlayerState((s) => s.chapters);
  const chapter = useCurrentChapter();
  return <ChapterList chapters={chapters} currentId={chapter?.id ?? null} onSelect={(c) => seek(c.startTime)} />;
}

function QueueCount() {
  const n = usePlayerState((s) => s.queue.length);
  return <span className="text-sm font-normal text-muted">({n})</span>;
}

function QueueOrEmpty() {
  const empty = usePlayerState((s) => s.queue.length === 0);
  return empty ? (
    <p className="py-2 text-sm text-muted">Your queue is empty. Add tracks with "Add to queue".</p>
  ) : (
    <QueueList />
  );
}
