import { CONTACT_CATEGORY_LABELS, pluralize, type TContactMessage, timeAgo } from '@wavecast/shared';
import { CheckCircle2, Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { DataTable } from '../../../components/ui/DataTable';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { type ContactStatusFilter, useContactMessages, useResolveContactMessage } from '../queries';

const FILTERS: { id: ContactStatusFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

function MessageCard({ m }: { m: TContactMessage }) {
  const resolve = useResolveContactMessage();
  return (
    <li>
      <article
        aria-labelledby={`msg-${m.id}`}
        className="rounded-[var(--radius-card)] border border-border bg-surface p-5"
        data-testid="contact-message"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`msg-${m.id}`} className="font-semibold break-words">
              {m.subject}
            </h3>
            <p className="mt-1 text-sm text-muted break-words">
              {m.name} · {m.email}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {m.priority && (
              <span className="rounded-full bg-primary/15 px-2.5 py-1 font-medium text-primary">Priority support</span>
            )}
            <span className="rounded-full bg-surface-2 px-2.5 py-1">{CONTACT_CATEGORY_LABELS[m.category]}</span>
            <span
              className={cn(
                'rounded-full px-2.5 py-1 font-medium',
                m.status === 'open' ? 'bg-warning/15 text-warning' : 'bg-success/15 text-success',
              )}
            >
              {m.status === 'open' ? 'Open' : 'Resolved'}
            </span>
            <time dateTime={m.createdAt} className="text-muted">
              {timeAgo(m.createdAt)}
            </time>
          </div>
        </header>
        <p className="mt-4 text-sm whitespace-pre-wrap break-words">{m.message}</p>
        <footer className="mt-4 flex flex-wrap gap-2">
          <a
            href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
            className="inline-flex h-8 items-center gap-2 rounded-full border border-border px-3 text-sm font-semibold hover:bg-surface-2"
          >
            <Mail className="size-4" aria-hidden />
            Reply by email
          </a>
          {m.status === 'open' && (
            <Button
              size="sm"
              disabled={resolve.isPending}
              aria-label={`Mark "${m.subject}" as resolved`}
              onClick={() =>
                resolve.mutate(m.id, {
                  onSuccess: () => toast.success('Message marked as resolved'),
                  onError: () => toast.error('Failed to resolve the message'),
                })
              }
            >
              <CheckCircle2 className="size-4" aria-hidden />
              {resolve.isPending ? 'Resolving...' : 'Mark resolved'}
            </Button>
          )}
        </footer>
      </article>
    </li>
  );
}

/** Admin tab: contact-form messages, newest first, open ones to resolve. */
export function ContactMessagesAdmin() {
  const [status, setStatus] = useState<ContactStatusFilter>('open');
  const query = useContactMessages(status);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="contact-messages-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="contact-messages-title" className="text-xl font-semibold">
          Contact messages
        </h2>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Filter messages</legend>
          {FILTERS.map((f) => (
            <Button
              key={f.id}
              size="sm"
              variant={status === f.id ? 'primary' : 'secondary'}
              aria-pressed={status === f.id}
              onClick={() => setStatus(f.id)}
            >
              {f.label}
            </Button>
          ))}
        </fieldset>
      </div>
      <DataTable
        query={query}
        items={items}
        errorText="Could not load messages."
        empty={status === 'open' ? 'No open messages. All caught up!' : 'No messages.'}
      >
        {(rows) => (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {pluralize(total, 'message')}
            </p>
            <ul className="space-y-3">
              {rows.map((m) => (
                <MessageCard key={m.id} m={m} />
              ))}
            </ul>
          </>
        )}
      </DataTable>
    </section>
  );
}
