import { formatTime, pluralize, type TLiveStream, timeAgo } from '@wavecast/shared';
import { Clock, Disc3, Radio, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { profilePath } from '../../../lib/profilePath';
import { ReportButton } from '../../moderation/components/ReportButton';
import { LiveBadge } from '../components/LiveBadge';
import { LiveChat } from '../components/LiveChat';
import { LivePlayer } from '../components/LivePlayer';
import { NowPlaying } from '../components/NowPlaying';
import { useNow } from '../hooks/useNow';
import { useLiveStream } from '../queries';

/** /live/{id}: the live player at the live edge, who is on, how long, how many listen, and the chat. */
export default function LiveViewPage() {
  const { id } = useParams();
  const { data: stream, isPending, error, dataUpdatedAt } = useLiveStream(id);
  const live = stream?.status === 'live';
  const now = useNow(live);
  // The player stays while it plays the broadcast's last second, after the page says it ended.
  const [sounding, setSounding] = useState(false);

  if (isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  // A stream that ended while open here and is now hidden (its creator suspended or deleted:
  // the refetch answers 404) stays on "This stream has ended"; any other failure is "not found".
  if (!stream || (error && stream.status !== 'ended')) {
    return (
      <div className="mx-auto max-w-md py-24 text-center">
        <Radio className="mx-auto mb-4 size-12 text-muted" aria-hidden />
        <h1 className="mb-2 text-2xl font-bold">Stream not found</h1>
        <p className="mb-6 text-muted">This live stream doesn't exist or has been removed.</p>
        <ButtonLink to="/explore/live">Browse Live Streams</ButtonLink>
      </div>
    );
  }

  const elapsed = live ? stream.elapsedSeconds + Math.max(0, (now - dataUpdatedAt) / 1000) : stream.elapsedSeconds;
  const creatorName = stream.creator.displayName ?? 'Unknown Creator';

  return (
    <section className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <header className="space-y-4">
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
            {live && <LiveBadge />}
            {stream.status === 'ended' && (
              <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-bold tracking-wider uppercase">
                Ended
              </span>
            )}
            <span className="rounded-full border border-border px-2.5 py-0.5 text-xs">{stream.category}</span>
            <span className="flex items-center gap-1" data-testid="live-viewer-count">
              <Users className="size-4" aria-hidden />
              <span>{pluralize(stream.viewerCount, 'viewer')}</span>
            </span>
            {stream.status !== 'pending' && (
              <span className="flex items-center gap-1">
                <Clock className="size-4" aria-hidden />
                <span data-testid="live-elapsed">{formatTime(elapsed)}</span>
              </span>
            )}
          </div>
          <h1 className="text-3xl font-bold tracking-tight break-words">{stream.title}</h1>
          <NowPlaying stream={stream} />
          <Link to={profilePath(stream.creator)} className="inline-flex items-center gap-3 hover:underline">
            <Avatar src={stream.creator.avatarUrl} name={creatorName} />
            <span className="font-semibold">{creatorName}</span>
          </Link>
          <ReportButton targetType="live" targetId={stream.id} ownerId={stream.creator.id} />
        </header>

        {(live || (stream.status === 'ended' && sounding)) && <LivePlayer stream={stream} onSounding={setSounding} />}
        {stream.status === 'ended' ? (
          <EndedNotice stream={stream} />
        ) : stream.status === 'pending' ? (
          <p className="rounded-card border border-border bg-surface p-5 text-muted" role="status">
            This stream hasn't started yet. It will begin playing as soon as {creatorName} goes live.
          </p>
        ) : null}

        {stream.description && (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-2 text-lg font-semibold">
              About this stream
            </h2>
            <p className="whitespace-pre-wrap text-muted">{stream.description}</p>
          </section>
        )}
        {stream.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {stream.tags.map((t) => (
              <li key={t} className="rounded-full bg-surface-2 px-3 py-1 text-sm">
                #{t}
              </li>
            ))}
          </ul>
        )}
      </div>
      <LiveChat streamId={stream.id} open={live} canManage={stream.canManage} recorded={stream.isRecorded} />
    </section>
  );
}

function EndedNotice({ stream }: { stream: TLiveStream }) {
  const rec = stream.recording;
  // Others can play it once it is published and processed; those who manage the stream at once.
  const playable = rec && (rec.status === 'ready' || stream.canManage);
  return (
    <div className="space-y-3 rounded-card border border-border bg-surface p-5" role="status">
      <p className="font-semibold">
        This stream has ended
        {stream.endedAt ? ` ${timeAgo(stream.endedAt)}` : ''}.
      </p>
      {playable ? (
        <ButtonLink to={`/audio/${rec.trackId}`} variant="secondary">
          <Disc3 className="size-4" aria-hidden /> Listen to the recording
        </ButtonLink>
      ) : (
        <p className="text-sm text-muted">
          {rec
            ? 'The recording is being prepared and will appear here shortly.'
            : 'The recording will appear here once the creator publishes it.'}
        </p>
      )}
    </div>
  );
}
