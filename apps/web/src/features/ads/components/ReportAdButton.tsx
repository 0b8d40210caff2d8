import { AD_REPORT_REASON_LABELS, AD_REPORT_REASONS, type AdReportReason } from '@wavecast/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../lib/toast';
import { useReportAd } from '../queries';

/**
 * "Report this ad": a small action beside an ad (banner, sponsored card, the pre-roll bar) that
 * asks why and sends the report for the serve this listener was shown.
 */
export function ReportAdButton({ serveId, className }: { serveId: string; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<AdReportReason>('offensive');
  const [details, setDetails] = useState('');
  const report = useReportAd();
  const send = async () => {
    try {
      const res = await report.mutateAsync({ serveId, reason, details: details.trim() || undefined });
      toast.success(res.message);
      setOpen(false);
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : 'Something went wrong');
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={className ?? 'text-[11px] text-muted underline-offset-2 hover:underline'}
        data-testid="report-ad"
      >
        Report this ad
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Report this ad">
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className="block text-sm" htmlFor={`${id}-reason`}>
            <span className="mb-1 block font-medium">Why are you reporting it?</span>
          </label>
          <Select
            id={`${id}-reason`}
            className="w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value as AdReportReason)}
            data-testid="report-ad-reason"
          >
            {AD_REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {AD_REPORT_REASON_LABELS[r]}
              </option>
            ))}
          </Select>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">Anything else? (optional)</span>
            <textarea
              rows={3}
              maxLength={500}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm"
            />
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending} data-testid="report-ad-send">
              Send report
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
