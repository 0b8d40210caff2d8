import { pluralize, type TRadioChannel } from '@wavecast/shared';
import { Radio } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { useChannelsOnAir } from '../queries';

/** Radio channels on air (Explore's live section, search results); nothing when none is. */
export function RadioOnAir({
  q = '',
  category = '',
  title = 'Radio on air',
}: {
  q?: string;
  category?: string;
  title?: string;
}) {
  const { data: channels = [] } = useChannelsOnAir(q, category);
  if (channels.length === 0) return null;
  return (
    <section aria-labelledby="radio-on-air" className="mt-10">
      <h2 id="radio-on-air" className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <RadioChannelGrid channels={channels} />
    </section>
  );
}

/** Channel tiles: cover, name, what plays now (or the creator), listeners; each opens `/radio/:id`. */
export function RadioChannelGrid({ channels, className }: { channels: TRadioChannel[]; className?: string }) {
  return (
    <ul
      className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', className)}
      data-testid="radio-on-air"
    >
      {channels.map((c) => (
        <li key={c.id}>
          <Link
            to={`/radio/${c.id}`}
            className="flex items-center gap-3 rounded-card border border-border bg-surface p-3 hover:bg-surface-2"
          >
            {c.coverUrl ? (
              <img src={c.coverUrl} alt="" className="size-16 rounded-lg object-cover" loading="lazy" />
            ) : (
              <span className="grid size-16 place-items-center rounded-lg bg-surface-2">
                <Radio className="size-6 text-muted" aria-hidden />
              </span>
            )}
            <span className="min-w-0">
              <span className="block truncate font-semibold">{c.name}</span>
              <span className="block truncate text-sm text-muted">
                {c.nowPlaying ? `${c.nowPlaying.artist} – ${c.nowPlaying.title}` : c.owner.displayName}
              </span>
              <span className="block text-xs text-muted">{pluralize(c.listenerCount, 'listener')}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
