import { AD_MESSAGES } from '@wavecast/shared';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { useSession } from '../../auth/session';
import AdvertiserDashboardPage from './AdvertiserDashboardPage';

/**
 * /profile/advertiser/:id: only for the account whose id it is (others go to /profile), and only
 * with the advertiser role ('Advertiser not found' otherwise): the advertiser dashboard screen.
 */
export default function AdvertiserProfilePage() {
  const { id } = useParams();
  const { user } = useSession();
  if (!user) return null;
  if (id !== user.id) return <Navigate to="/profile" replace />;
  if (user.role !== 'advertiser') {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold">{AD_MESSAGES.advertiserNotFound}</h1>
        <ButtonLink to="/profile" className="mt-6">
          Back to Profile
        </ButtonLink>
      </section>
    );
  }
  return <AdvertiserDashboardPage />;
}
