import { useDeferredValue, useState } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { type AuditFilters, auditQueryString, useAuditLog } from '../queries';
import { AuditEntryRow } from './AuditEntryRow';

const EMPTY: AuditFilters = { action: '', actorId: '', targetType: '', targetId: '', since: '', until: '' };
const FIELDS: { key: keyof AuditFilters; label: string; type?: string }[] = [
  { key: 'action', label: 'Action (e.g. user.suspend)' },
  { key: 'actorId', label: 'Actor id' },
  { key: 'targetType', label: 'Target type' },
  { key: 'targetId', label: 'Target id' },
  { key: 'since', label: 'From', type: 'date' },
  { key: 'until', label: 'Before', type: 'date' },
];

/** Admin tab: every admin action with who, what, when, before and after; filtered and exported as CSV. */
export function AuditAdmin() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const deferred = useDeferredValue(filters);
  const query = useAuditLog(deferred);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-audit-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-audit-title" className="text-xl font-semibold">
          Audit log
        </h2>
        <a
          href={`/api/admin/audit.csv?${auditQueryString(deferred)}`}
          className="rounded-full border border-border px-4 py-1.5 text-sm hover:bg-surface-2"
          download
        >
          Export CSV
        </a>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        {FIELDS.map((f) => (
          <input
            key={f.key}
            type={f.type ?? 'search'}
            aria-label={f.label}
            placeholder={f.label}
            value={filters[f.key]}
            onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}
            className="h-10 rounded-lg border border-border bg-bg px-3 text-sm focus:border-primary focus:outline-none"
          />
        ))}
      </div>
      <DataTable query={query} items={items} errorText="Could not load the audit log." empty="No entries.">
        {(rows) => (
          <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4">
            {rows.map((e) => (
              <AuditEntryRow key={e.id} e={e} />
            ))}
          </ul>
        )}
      </DataTable>
    </section>
  );
}
