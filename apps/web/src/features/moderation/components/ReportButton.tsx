import type { ReportTarget } from '@wavecast/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useSession } from '../../auth/session';
import { ReportDialog } from './ReportDialog';

/** "Report" for a signed-in user looking at someone else's live stream or profile. */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
}: {
  targetType: ReportTarget;
  targetId: string;
  ownerId: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user || user.id === ownerId) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden /> Report
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} targetType={targetType} targetId={targetId} />
    </>
  );
}
