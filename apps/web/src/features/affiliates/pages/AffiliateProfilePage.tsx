import { AFFILIATE_MESSAGES } from '@wavecast/shared';
import { Link2 } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../auth/session';
import { AffiliateDashboard, copyReferralLink } from '../components/AffiliateDashboard';
import { useAffiliateProfile } from '../queries';

/**
 * /profile/affiliate/:id: the affiliate dashboard (profile) for its owner only; anyone else is sent
 * to /profile, an id that is no affiliate shows 'Affiliate not found'.
 */
export default function AffiliateProfilePage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const profile = useAffiliateProfile(id);
  if (
    user &&
    user.id !== id &&
    !(profile.error instanceof ApiError && profile.error.status === 404) &&
    !profile.isPending
  ) {
    return <Navigate to="/profile" replace />;
  }
  if (profile.isPending) return <Spinner />;
  if (profile.error instanceof ApiError && profile.error.status === 403) return <Navigate to="/profile" replace />;
  if (!profile.data) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">{AFFILIATE_MESSAGES.notFound}</h1>
      </section>
    );
  }
  const p = profile.data.profile;
  return (
    <section>
      <PageHeading
        title="Affiliate Dashboard"
        subtitle={`${p.displayName || p.email} · ${p.tier.name} tier`}
        actions={
          <Button type="button" onClick={() => copyReferralLink(p.id)}>
            <Link2 className="size-4" aria-hidden /> Copy Referral Link
          </Button>
        }
      />
      <AffiliateDashboard />
    </section>
  );
}
