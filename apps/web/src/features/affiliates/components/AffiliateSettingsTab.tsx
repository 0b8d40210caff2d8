import { ButtonLink } from '../../../components/ui/Button';
import { useSession } from '../../auth/session';
import { ApplyAffiliateForm } from './ApplyAffiliateForm';
import { PayoutSettingsForm } from './PayoutSettingsForm';

/** Settings → Affiliate: payout settings (and the way to the dashboard) for affiliates, the application for everyone else. */
export default function AffiliateSettingsTab() {
  const { user } = useSession();
  if (user?.role !== 'affiliate') return <ApplyAffiliateForm />;
  return (
    <div className="space-y-4">
      <ButtonLink to="/dashboard/affiliate" variant="outline">
        Open your affiliate dashboard
      </ButtonLink>
      <PayoutSettingsForm />
    </div>
  );
}
