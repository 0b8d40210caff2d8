import { PAGE_SIZES } from '@wavecast/shared';
import { Section } from '../../discovery/components/Section';
import { useFeed } from '../queries';
import { FeedList } from './FeedList';

/** Home, signed in: the newest from the people one follows (nothing shown until there is some). */
export default function HomeFeedSection() {
  const feed = useFeed(PAGE_SIZES.homeFeed);
  const items = feed.data?.pages[0]?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="home-following" title="From People You Follow" link="/feed">
      <FeedList items={items} />
    </Section>
  );
}
