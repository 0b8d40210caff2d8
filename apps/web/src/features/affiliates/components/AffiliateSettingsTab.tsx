import { useSession } from '../../auth/session';
import { ApplyAffiliateForm } from './ApplyAffiliateForm';
import { PayoutSettingsForm } from './PayoutSettingsForm';

/** Settings → Affiliate: payout settings for affiliates, the application form for everyone else. */
export default function AffiliateSettingsTab() {
  const { user } = useSession();
  return user?.role === 'affiliate' ? <PayoutSettingsForm /> : <ApplyAffiliateForm />;
}
