import { PageHeading } from '../../../components/ui/PageHeading';
import { AffiliateDashboard } from '../components/AffiliateDashboard';

/** /dashboard/affiliate: the affiliate's figures from the commission ledger, links, analytics and payouts. */
export default function AffiliateDashboardPage() {
  return (
    <section>
      <PageHeading title="Affiliate Dashboard" subtitle="Share your link, follow your referrals and earnings." />
      <AffiliateDashboard />
    </section>
  );
}
