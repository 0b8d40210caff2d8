import { LIVE_CARD_MAX_TAGS, timeAgo } from '@wavecast/shared';
import { Radio, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CoverImage } from './CoverImage';

export const UNKNOWN_CREATOR = 'Unknown Creator';
const LIVE_PLACEHOLDER = '/default-cover.svg';

export interface LiveCardStream {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  category: string;
  tags: string[];
  viewerCount: number;
  createdAt: string;
  creator: { id: string; displayName: string | null };
}

/** An active live stream: LIVE badge, viewers, start time, category and up to 3 tags. */
export function LiveCard({ stream, action }: { stream: LiveCardStream; action?: string }) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-card bg-surface transition-colors hover:bg-surface-2">
      <div className="relative aspect-video bg-surface-2">
        <CoverImage src={stream.thumbnailUrl} fallback={LIVE_PLACEHOLDER} />
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded bg-live px-2 py-0.5 text-xs font-bold text-white">
          <Radio className="size-3" aria-hidden />
          LIVE
        </span>
        <span className="absolute top-2 right-2 flex items-center gap-1 rounded bg-black/70 px-2 py-0.5 text-xs text-white">
          <Users className="size-3" aria-hidden />
          <span data-testid="viewer-count">{stream.viewerCount.toLocaleString('en')}</span>
          <span className="sr-only"> viewers</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col p-3">
        <h3 className="truncate font-semibold" title={stream.title}>
          <Link to={`/live/${stream.id}`} className="after:absolute after:inset-0 hover:underline">
            {stream.title}
          </Link>
        </h3>
        <p className="truncate text-sm text-muted">{stream.creator.displayName || UNKNOWN_CREATOR}</p>
        {/* Not lib/now (Home's script budget): a first view's text, written a moment earlier, is kept. */}
        <p className="mt-1 text-xs text-muted" suppressHydrationWarning>
          {stream.category} · started {timeAgo(stream.createdAt)}
        </p>
        {stream.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
            {stream.tags.slice(0, LIVE_CARD_MAX_TAGS).map((tag) => (
              <li key={tag} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        {action && <span className="mt-3 text-sm font-semibold text-primary">{action}</span>}
      </div>
    </article>
  );
}

export function LiveGrid({ streams, action }: { streams: LiveCardStream[]; action?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {streams.map((s) => (
        <li key={s.id}>
          <LiveCard stream={s} action={action} />
        </li>
      ))}
    </ul>
  );
}
