import { USER_MESSAGES } from '@wavecast/shared';
import { Mic } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useBecomeCreator } from '../queries';
import { SettingsCard } from './SettingsCard';

/** Listeners can turn their account into a creator account here. */
export function BecomeCreatorCard() {
  const become = useBecomeCreator();
  return (
    <SettingsCard
      title="Become a Creator"
      description="Upload music, podcasts and audiobooks, go live, and see your dashboard."
    >
      <Button
        onClick={() =>
          become.mutate(undefined, {
            onSuccess: () => toast.success(USER_MESSAGES.becameCreator),
            onError: () => toast.error(USER_MESSAGES.becomeCreatorFailed),
          })
        }
        disabled={become.isPending}
      >
        <Mic className="size-4" aria-hidden />
        {become.isPending ? 'Saving...' : 'Become a Creator'}
      </Button>
    </SettingsCard>
  );
}
