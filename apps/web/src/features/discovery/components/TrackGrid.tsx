import type { TTrack } from '@wavecast/shared';
import { CardGrid, CardGridSkeleton } from '../../../components/ui/CardGrid';
import { TrackCard } from './TrackCard';

/** `aboveFold`: the first grid of a page, whose first row of covers loads at once. */
export function TrackGrid({
  tracks,
  label,
  aboveFold = false,
}: {
  tracks: TTrack[];
  label?: string;
  aboveFold?: boolean;
}) {
  return (
    <CardGrid label={label}>
      {tracks.map((t, i) => (
        <li key={t.id}>
          <TrackCard track={t} eager={aboveFold && i < 6} />
        </li>
      ))}
    </CardGrid>
  );
}

/** Placeholder track cards while a list loads. */
export const TrackGridSkeleton = CardGridSkeleton;
