import { REPORT_STATUSES, type ReportStatus } from '@wavecast/shared';
import { useState } from 'react';
import { Select } from '../../../components/ui/Select';
import { useReportQueue } from '../queries';
import { ReportCard } from './ReportsAdmin';

/** The admin's user page: reports against this account's content, open ones first. */
export function ReportsAboutUser({ userId }: { userId: string }) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useReportQueue({ status, targetType: '', severity: '', ownerId: userId });
  const items = query.data?.items ?? [];
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="font-semibold">Reports against them</h3>
        <Select
          size="xs"
          aria-label="Report status"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReportStatus)}
        >
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </Select>
      </div>
      {query.isError ? (
        <p className="text-sm text-error">Could not load reports.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{query.isPending ? 'Loading…' : 'No reports.'}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((g) => (
            <ReportCard key={`${g.targetType}:${g.targetId}`} g={g} />
          ))}
        </ul>
      )}
    </div>
  );
}
