import { formatTime, type TTranscriptHit } from '@wavecast/shared';
import { Link } from 'react-router';

/** Search results inside transcripts: each opens the track at the moment the words are said. */
export function TranscriptHits({ hits }: { hits: TTranscriptHit[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="In Transcripts">
      {hits.map((h) => {
        const href =
          h.start === null ? `/audio/${h.trackId}` : `/audio/${h.trackId}?t=${Math.floor(h.start * 10) / 10}`;
        return (
          <li key={h.trackId}>
            <Link to={href} className="flex gap-3 rounded-card border border-border bg-surface p-3 hover:bg-surface-2">
              <img src={h.coverUrl} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
              <span className="min-w-0">
                <span className="block truncate font-semibold">{h.title}</span>
                <span className="block truncate text-sm text-muted">
                  {h.creatorName ?? 'Unknown Creator'}
                  {h.start !== null && ` · ${formatTime(h.start)}`}
                </span>
                <span className="line-clamp-2 text-sm text-fg/80">“{h.text}”</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
