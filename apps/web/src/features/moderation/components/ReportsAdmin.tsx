import {
  MODERATION_MESSAGES,
  pluralize,
  REPORT_REASONS,
  REPORT_SEVERITIES,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportAction,
  SEVERITY_LABELS,
  type TReportGroup,
} from '@wavecast/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { type ReportFilters, useAppeals, useReportAction, useReportQueue, useRestoreRemoval } from '../queries';
import { CopyrightAdmin } from './CopyrightAdmin';

const TYPE_LABEL = {
  track: 'Track',
  comment: 'Comment',
  live: 'Live stream',
  profile: 'Profile',
  chat: 'Chat message',
};
const SEVERITY_CLASS = {
  minor: 'bg-warning/15 text-warning',
  moderate: 'bg-warning/25 text-warning',
  severe: 'bg-error/15 text-error',
  critical: 'bg-error/30 text-error',
};
const DONE: Record<ReportAction, string> = {
  dismiss: MODERATION_MESSAGES.reportDismissed,
  remove: MODERATION_MESSAGES.contentRemoved,
  suspend: MODERATION_MESSAGES.ownerSuspended,
};

export function ReportCard({ g }: { g: TReportGroup }) {
  const act = useReportAction();
  const run = (action: ReportAction) =>
    act.mutate(
      { reportId: g.reportId, action },
      { onSuccess: () => toast.success(DONE[action]), onError: (err) => toast.error(err.message) },
    );
  const removable = g.targetType === 'track' || g.targetType === 'comment' || g.targetType === 'chat';
  return (
    <li className="rounded-card border border-border bg-surface p-4" data-testid="report-group">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', SEVERITY_CLASS[g.severity])}>
          {SEVERITY_LABELS[g.severity]}
        </span>
        <span className="text-sm text-muted">{TYPE_LABEL[g.targetType]}</span>
        {g.link ? (
          <Link to={g.link} className="min-w-0 flex-1 truncate font-medium hover:underline">
            {g.targetLabel ?? g.targetId}
          </Link>
        ) : (
          <span className="min-w-0 flex-1 truncate font-medium">{g.targetLabel ?? 'Gone'}</span>
        )}
        <span className="text-sm text-muted">{pluralize(g.count, 'report')}</span>
      </div>
      <p className="mt-2 text-sm">{g.reasons.map((r) => REPORT_REASONS[r].label).join(' · ')}</p>
      {g.details.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm text-muted">
          {g.details.slice(0, 5).map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-muted">
        Owner:{' '}
        {g.owner ? (
          <Link to={`/admin/users/${g.owner.id}`} className="hover:underline">
            {g.owner.displayName || g.owner.email}
          </Link>
        ) : (
          '—'
        )}{' '}
        · first {new Date(g.firstAt).toLocaleString()}
      </p>
      {g.status === 'open' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => run('dismiss')}>
            Dismiss
          </Button>
          {removable && (
            <Button size="sm" variant="danger" disabled={act.isPending} onClick={() => run('remove')}>
              Remove content
            </Button>
          )}
          {g.owner && (
            <Button size="sm" variant="danger" disabled={act.isPending} onClick={() => run('suspend')}>
              Suspend owner
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Appeals() {
  const appeals = useAppeals();
  const restore = useRestoreRemoval();
  const items = appeals.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="mb-6">
      <h3 className="mb-2 font-semibold">Appeals</h3>
      <ul className="space-y-3">
        {items.map((a) => (
          <li key={a.id} className="rounded-card border border-border bg-surface p-4" data-testid="appeal">
            <p className="font-medium">
              {TYPE_LABEL[a.targetType]}: {a.label ?? a.targetId}
            </p>
            <p className="mt-1 text-sm">“{a.appealText}”</p>
            {a.targetType === 'track' && (
              <Button
                size="sm"
                className="mt-2"
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(a.id, {
                    onSuccess: () => toast.success(MODERATION_MESSAGES.contentRestored),
                    onError: (err) => toast.error(err.message),
                  })
                }
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Admin tab: reports grouped by item, most severe first; dismiss, remove the content, or suspend its owner. */
export function ReportsAdmin() {
  const [filters, setFilters] = useState<ReportFilters>({ status: 'open', targetType: '', severity: '' });
  const query = useReportQueue(filters);
  return (
    <section aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title" className="mb-4 text-xl font-semibold">
        Reports
      </h2>
      <Appeals />
      <div className="mb-4 flex flex-wrap gap-3">
        <Select
          size="sm"
          aria-label="Filter by status"
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as ReportFilters['status'] })}
        >
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </Select>
        <Select
          size="sm"
          aria-label="Filter by type"
          value={filters.targetType}
          onChange={(e) => setFilters({ ...filters, targetType: e.target.value as ReportFilters['targetType'] })}
        >
          <option value="">All types</option>
          {REPORT_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </Select>
        <Select
          size="sm"
          aria-label="Filter by severity"
          value={filters.severity}
          onChange={(e) => setFilters({ ...filters, severity: e.target.value as ReportFilters['severity'] })}
        >
          <option value="">Any severity</option>
          {REPORT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-error">Could not load reports.</p>
      ) : query.data.items.length === 0 ? (
        <p className="text-muted">No reports.</p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((g) => (
            <ReportCard key={`${g.targetType}:${g.targetId}`} g={g} />
          ))}
        </ul>
      )}
      <CopyrightAdmin />
    </section>
  );
}
