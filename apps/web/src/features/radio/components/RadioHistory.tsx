import { RADIO_MESSAGES, timeAgo } from '@wavecast/shared';
import { Link } from 'react-router';
import { useRadioHistory } from '../queries';

/** The channel's played history, newest first. */
export function RadioHistory({ channelId }: { channelId: string }) {
  const { data: items = [], isPending } = useRadioHistory(channelId);
  return (
    <section aria-labelledby="radio-history-heading">
      <h2 id="radio-history-heading" className="mb-3 text-lg font-semibold">
        Recently played
      </h2>
      {!isPending && items.length === 0 ? (
        <p className="text-muted">{RADIO_MESSAGES.noHistory}</p>
      ) : (
        <ol className="divide-y divide-border rounded-card border border-border" data-testid="radio-history">
          {items.map((h) => (
            <li key={h.startedAt} className="flex items-center justify-between gap-3 px-4 py-2.5">
              <div className="min-w-0">
                {h.trackId ? (
                  <Link to={`/audio/${h.trackId}`} className="block truncate font-medium hover:underline">
                    {h.title}
                  </Link>
                ) : (
                  <span className="block truncate font-medium">{h.title}</span>
                )}
                <span className="block truncate text-sm text-muted">{h.artist}</span>
              </div>
              <time dateTime={h.startedAt} className="shrink-0 text-xs text-muted">
                {timeAgo(h.startedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
