import { REPORT_REASON_IDS, REPORT_REASONS, type ReportReason, type ReportTarget } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../lib/toast';
import { useFileReport } from '../queries';

const NOUN: Record<ReportTarget, string> = {
  track: 'track',
  comment: 'comment',
  live: 'live stream',
  profile: 'profile',
  chat: 'chat message',
};

/** Report an item against the Community Guidelines: a reason (its level follows) and optional details. */
export function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose: () => void;
  targetType: ReportTarget;
  targetId: string;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const file = useFileReport();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    file.mutate(
      { targetType, targetId, reason, details: details.trim() || undefined },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setReason('');
          setDetails('');
          setError(null);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Report this ${NOUN[targetType]}`}
      description={
        <>
          Tell us which of the <Link to="/support/guidelines">Community Guidelines</Link> it breaks. We do not tell them
          who reported it.
        </>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="report-reason" className="mb-1 block text-sm font-medium">
            Reason
          </label>
          <Select
            id="report-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason | '')}
            aria-invalid={error === 'Choose a reason' || undefined}
          >
            <option value="">Choose a reason</option>
            {REPORT_REASON_IDS.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASONS[r].label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="report-details" className="mb-1 block text-sm font-medium">
            Details (optional)
          </label>
          <textarea
            id="report-details"
            value={details}
            maxLength={1000}
            rows={3}
            onChange={(e) => setDetails(e.target.value)}
            className="w-full rounded-lg border border-border bg-bg p-3 text-sm focus:border-primary focus:outline-none"
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={file.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={file.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
