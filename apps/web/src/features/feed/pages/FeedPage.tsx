import { Users } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { FeedList } from '../components/FeedList';
import { useFeed } from '../queries';

/** /feed (signed in): uploads, reposts and releases of the people one follows, newest first. */
export default function FeedPage() {
  const feed = useFeed();
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeading title="Following" subtitle="New uploads, reposts and releases from the people you follow." />
      {feed.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : feed.isError ? (
        <p className="text-error">Could not load your feed. Please try again.</p>
      ) : items.length === 0 ? (
        <EmptyState title="Your feed is empty" icon={<Users className="size-10" aria-hidden />}>
          <p>Follow creators and listeners to see their uploads and reposts here.</p>
          <ButtonLink to="/explore" className="mt-4">
            Explore
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <FeedList items={items} />
          {feed.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                {feed.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
