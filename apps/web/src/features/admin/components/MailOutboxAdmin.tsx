import { timeAgo } from '@wavecast/shared';
import { useDeferredValue, useState } from 'react';
import { DataTable } from '../../../components/ui/DataTable';
import { useOutbox } from '../queries';

/** Admin tab: the mail the platform sent (or, without SMTP, kept in the outbox). */
export function MailOutboxAdmin() {
  const [to, setTo] = useState('');
  const deferredTo = useDeferredValue(to);
  const query = useOutbox(deferredTo);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="admin-mail-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-mail-title" className="text-xl font-semibold">
          Mail outbox
        </h2>
        <input
          type="search"
          aria-label="Filter by recipient"
          placeholder="Filter by recipient"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className="h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm focus:border-primary focus:outline-none sm:w-72"
        />
      </div>
      <DataTable query={query} items={items} errorText="Could not load mail." empty="No mail yet.">
        {(rows) => (
          <ul className="space-y-3">
            {rows.map((m) => (
              <li key={m.id} data-testid="outbox-mail">
                <details className="group rounded-card border border-border bg-surface">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 p-4">
                    <span className="min-w-0 flex-1 font-medium break-words">{m.subject}</span>
                    <span className="text-sm text-muted break-all">{m.to}</span>
                    <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs">
                      {m.sentVia === 'smtp' ? 'Sent (SMTP)' : 'Outbox'}
                    </span>
                    <time dateTime={m.createdAt} className="text-xs text-muted">
                      {timeAgo(m.createdAt)}
                    </time>
                  </summary>
                  <pre className="overflow-x-auto border-t border-border p-4 text-sm whitespace-pre-wrap break-words">
                    {m.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </DataTable>
    </section>
  );
}
