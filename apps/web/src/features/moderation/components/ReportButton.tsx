import type { ReportTarget } from '@wavecast/shared';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useSession } from '../../auth/session';

// Loaded on the first press: a profile's first view does not carry the dialog and its form.
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

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
  // Kept mounted once opened: a reason chosen survives closing and opening again.
  const [used, setUsed] = useState(false);
  if (!user || user.id === ownerId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Flag className="size-4" aria-hidden /> Report
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} targetType={targetType} targetId={targetId} />
        </Suspense>
      )}
    </>
  );
}
