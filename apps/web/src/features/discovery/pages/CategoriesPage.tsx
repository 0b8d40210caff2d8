import { PAGE_SIZES } from '@wavecast/shared';
import { ArrowLeft, FolderOpen } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadMore } from '../../../components/ui/LoadMore';
import { PageHeading } from '../../../components/ui/PageHeading';
import { cn } from '../../../lib/cn';
import { CATEGORY_INFO } from '../categories';
import { TrackGrid, TrackGridSkeleton } from '../components/TrackGrid';
import { useTrackPages } from '../track-pages';

/** /explore/categories: six categories; ?category= shows its public tracks, 12 at a time. */
export default function CategoriesPage() {
  const [params, setParams] = useSearchParams();
  const selected = CATEGORY_INFO.find((c) => c.name.toLowerCase() === params.get('category')?.toLowerCase());
  if (!selected) {
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeading title="Categories" subtitle="Browse audio by what it is." />
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CATEGORY_INFO.map(({ name, description, icon: Icon, tint }) => (
            <li key={name}>
              <Link
                to={`/explore/categories?category=${encodeURIComponent(name)}`}
                className="flex h-full gap-4 rounded-card bg-surface p-5 transition-colors hover:bg-surface-2"
              >
                <span
                  className={cn(
                    'grid size-12 shrink-0 place-items-center rounded-lg bg-gradient-to-br text-white',
                    tint,
                  )}
                >
                  <Icon className="size-6" aria-hidden />
                </span>
                <span>
                  <span className="block text-lg font-semibold">{name}</span>
                  <span className="mt-1 block text-sm text-muted">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <CategoryTracks name={selected.name} description={selected.description} onBack={() => setParams({})} />;
}

function CategoryTracks({ name, description, onBack }: { name: string; description: string; onBack: () => void }) {
  const tracks = useTrackPages({ category: name, sort: 'recent', limit: PAGE_SIZES.categories });
  const items = tracks.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto max-w-7xl">
      <Button variant="ghost" size="sm" onClick={onBack} className="mb-4 -ml-2">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Categories
      </Button>
      <PageHeading title={name} subtitle={description} />
      {tracks.isPending ? (
        <TrackGridSkeleton count={PAGE_SIZES.categories} />
      ) : items.length === 0 ? (
        <EmptyState title="No Content Found" icon={<FolderOpen className="size-10" aria-hidden />}>
          <p>There is nothing public in {name} yet.</p>
          <ButtonLink to="/explore" variant="secondary">
            Explore everything
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <TrackGrid tracks={items} label={`${name} tracks`} />
          {tracks.hasNextPage && (
            <LoadMore onClick={() => void tracks.fetchNextPage()} loading={tracks.isFetchingNextPage} />
          )}
        </>
      )}
    </div>
  );
}
