import {
  coverSrcSet,
  DEFAULT_COVER_URL,
  DETAIL_COVER_SIZES,
  formatTime,
  MESSAGES,
  pluralize,
  type TTrack,
} from '@wavecast/shared';
import { Clock, Download, Headphones, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { TimeAgo } from '../../../components/ui/TimeAgo';
import { ApiError } from '../../../lib/api';
import { profilePath } from '../../../lib/profilePath';
import { useSession } from '../../auth/session';
import { CommentsSection } from '../../comments/components/CommentsSection';
import { RepostButton } from '../../feed/components/RepostButton';
import { LikeButton } from '../../likes/components/LikeButton';
import { TrackWaveform } from '../../player/components/TrackWaveform';
import { useCurrentChapter, usePlayerControls, usePlayerState } from '../../player/PlayerProvider';
import { TranscriptPanel } from '../../podcasts/components/TranscriptPanel';
import { useStartAt } from '../../podcasts/useStartAt';
import { ListenTogetherButton } from '../../rooms/components/ListenTogetherButton';
import { PremiereInstead, PremierePanel } from '../../rooms/components/PremierePanel';
import { ShareButton } from '../../share/ShareButton';
import { ChapterList } from '../components/ChapterList';
import { MoreMenu } from '../components/MoreMenu';
import { PlayCountProgress } from '../components/PlayCountProgress';
import { StatusBadge } from '../components/StatusBadge';
import { useLivePlayCount, useProcessingUpdates, useTrack } from '../queries';

// Only the track's owner gets these (and never on a server-rendered first view): their forms bring
// zod and the shared schemas, ~36 KB gzipped a visitor's phone would otherwise evaluate (issue 36).
const EditTrackDialog = lazy(() =>
  import('../components/EditTrackDialog').then((m) => ({ default: m.EditTrackDialog })),
);
const DeleteTrackDialog = lazy(() =>
  import('../components/DeleteTrackDialog').then((m) => ({ default: m.DeleteTrackDialog })),
);

/** /audio/:id and /explore/player/:id: one track, playable, with chapters, waveform and comments. */
export default function AudioDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useTrack(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  // Any other load failure goes back to Explore (spec section 2).
  useEffect(() => {
    if (query.error && !notFound) navigate('/explore', { replace: true });
  }, [query.error, notFound, navigate]);

  // The track is rendered at transition priority, in slices, not in one long task (Lighthouse TBT).
  const track = useDeferredValue(query.data);
  if (query.isPending || (track === undefined && query.data !== undefined)) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  if (notFound || !track) {
    const missing = (
      <div className="py-24 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.audioNotFound}</h1>
        <ButtonLink to="/explore" variant="secondary" className="mt-6">
          Back to Explore
        </ButtonLink>
      </div>
    );
    // A track hidden until its premiere shows the premiere's countdown instead.
    return notFound && id ? <PremiereInstead trackId={id} fallback={missing} /> : missing;
  }
  return <TrackDetail track={track} />;
}

function TrackDetail({ track }: { track: TTrack }) {
  const { user } = useSession();
  const player = usePlayerControls();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useProcessingUpdates(user?.id);
  useLivePlayCount(track.id);

  // What this viewer may do comes from the server with the track (never worked out here).
  const canEdit = track.canEdit === true;
  const canDelete = track.canDelete === true;
  const current = usePlayerState((s) => s.current?.id === track.id);
  const playing = usePlayerState((s) => s.current?.id === track.id && s.playing);
  const chapter = useCurrentChapter();
  const seekTo = (seconds: number) => (current ? player.seek(seconds) : player.play(track, { startAt: seconds }));
  // /audio/:id?t=… (a transcript search hit): plays from that moment.
  useStartAt(track, seekTo);

  return (
    <article className="mx-auto max-w-5xl space-y-8">
      {canEdit && track.status !== 'ready' && <ProcessingNotice track={track} />}

      <header className="flex flex-col gap-6 md:flex-row md:items-end">
        <img
          src={track.coverUrl}
          srcSet={coverSrcSet(track.coverUrl)}
          sizes={DETAIL_COVER_SIZES}
          width={640}
          height={640}
          fetchPriority="high"
          alt={`Cover of ${track.title}`}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_COVER_URL)) e.currentTarget.src = DEFAULT_COVER_URL;
          }}
          className="aspect-square w-full max-w-72 self-center rounded-card object-cover shadow-2xl md:self-auto"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-sm font-medium text-muted uppercase tracking-wide">{track.category}</p>
          <h1 className="break-words text-3xl font-bold tracking-tight md:text-5xl">{track.title}</h1>
          <p>
            <Link to={profilePath(track.creator)} className="font-semibold hover:underline">
              {track.creator.displayName ?? 'Unknown Creator'}
            </Link>
          </p>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            <div className="flex items-center gap-1">
              <dt className="sr-only">Plays</dt>
              <Headphones className="size-4" aria-hidden />
              <dd data-testid="play-count">{pluralize(track.playCount, 'play')}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">Duration</dt>
              <Clock className="size-4" aria-hidden />
              <dd data-testid="track-duration" data-seconds={track.duration}>
                {formatTime(track.duration)}
              </dd>
            </div>
            <div>
              <dt className="sr-only">Uploaded</dt>
              <dd>
                <TimeAgo date={track.createdAt} />
              </dd>
            </div>
            {canEdit && (
              <div className="flex items-center gap-2">
                <dt className="sr-only">Status</dt>
                <dd className="flex items-center gap-2">
                  <StatusBadge status={track.status} />
                  <span>{track.isPublic ? 'Public' : 'Private'}</span>
                </dd>
              </div>
            )}
          </dl>
          <PlayCountProgress trackId={track.id} />
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => player.playOrToggle(track)}
          aria-label={playing ? `Pause ${track.title}` : `Play ${track.title}`}
          className="grid size-14 place-items-center rounded-full bg-primary text-primary-fg shadow-lg hover:bg-primary/90"
        >
          {playing ? <Pause className="size-6" aria-hidden /> : <Play className="ml-1 size-6" aria-hidden />}
        </button>
        <LikeButton track={track} showCount className="border border-border" />
        {track.isPublic && track.status === 'ready' && (
          <RepostButton
            track={{ id: track.id, title: track.title, creatorId: track.creator.id }}
            className="border border-border"
          />
        )}
        {track.isPublic && track.status === 'ready' && (
          <ListenTogetherButton source={{ kind: 'track', id: track.id }} />
        )}
        <ShareButton
          target={{
            kind: 'track',
            id: track.id,
            title: track.title,
            path: `/audio/${track.id}`,
            embeddable: track.isPublic && track.status === 'ready',
            duration: track.duration,
          }}
        />
        {track.downloadUrl && (
          <a
            href={track.downloadUrl}
            download
            className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
          >
            <Download className="size-4" aria-hidden /> Download
          </a>
        )}
        <MoreMenu track={track} />
        {canEdit && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
          >
            <Pencil className="size-4" aria-hidden /> Edit
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            onClick={() => setDeleting(true)}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-error/50 px-4 text-sm font-semibold text-error hover:bg-error/10"
          >
            <Trash2 className="size-4" aria-hidden /> Delete
          </button>
        )}
      </div>

      {canEdit && track.status === 'ready' && track.creator.id === user?.id && (
        <PremierePanel trackId={track.id} isOwner />
      )}

      <section aria-label="Waveform">
        <TrackWaveform track={track} />
      </section>

      {/* Phones: About, then tags and chapters, then comments. Wide screens: a side column. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {track.description && (
          <section aria-labelledby="about-heading" className="lg:col-start-1">
            <h2 id="about-heading" className="mb-2 text-xl font-bold">
              About
            </h2>
            <p className="whitespace-pre-wrap break-words text-fg/90">{track.description}</p>
          </section>
        )}
        <aside className="space-y-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {track.tags.length > 0 && (
            <section aria-labelledby="tags-heading">
              <h2 id="tags-heading" className="mb-2 text-xl font-bold">
                Tags
              </h2>
              <ul className="flex flex-wrap gap-2">
                {track.tags.map((t) => (
                  <li key={t}>
                    <Link
                      to={`/search?q=${encodeURIComponent(t)}`}
                      className="inline-block rounded-full bg-surface-2 px-3 py-1 text-sm hover:bg-border"
                    >
                      #{t}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <ChapterList
            chapters={track.chapterMarkers}
            currentId={current ? (chapter?.id ?? null) : null}
            onSelect={(c) => seekTo(c.startTime)}
          />
        </aside>
        <div className="min-w-0 space-y-8 lg:col-start-1">
          <TranscriptPanel trackId={track.id} canEdit={canEdit} isCurrent={current} onSeek={seekTo} />
          <CommentsSection track={track} />
        </div>
      </div>

      <Suspense fallback={null}>
        {canEdit && <EditTrackDialog track={track} open={editing} onClose={() => setEditing(false)} />}
        {canDelete && (
          <DeleteTrackDialog
            track={track}
            open={deleting}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate('/creator/dashboard')}
          />
        )}
      </Suspense>
    </article>
  );
}

function ProcessingNotice({ track }: { track: TTrack }) {
  if (track.status === 'failed') {
    return (
      <div role="status" className="rounded-card border border-error/40 bg-error/10 p-4 text-sm">
        <p className="font-semibold text-error">Processing failed</p>
        {track.failureReason && <p className="mt-1 text-muted">{track.failureReason}</p>}
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-card border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      <Spinner className="size-5 border-2" />
      <p>This audio is still processing. You can already play it; listeners will see it once it is ready.</p>
    </div>
  );
}
