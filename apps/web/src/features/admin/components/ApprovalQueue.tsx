import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';

export interface ApprovalItem {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Label and value pairs shown under the title (what the admin decides on). */
  facts?: [string, ReactNode][];
  /** Extra content: a player for an audio creative, an image… */
  preview?: ReactNode;
}

export interface ApprovalAction {
  label: string;
  variant?: 'primary' | 'danger' | 'outline';
  /** Asks for a note (a refusal's reason, a payout's reference) before acting. */
  note?: { label: string; required?: boolean };
  run: (id: string, note: string) => Promise<unknown>;
  /** The toast on success. */
  done: string;
}

/**
 * One queue of things waiting for an admin's decision: applications, ad creatives, payouts. Each
 * domain gives its items and its actions (approve/refuse, paid/failed); the queue does the rest.
 */
export function ApprovalQueue({
  title,
  items,
  actions,
  loading,
  empty,
}: {
  title: string;
  items: ApprovalItem[] | undefined;
  actions: ApprovalAction[];
  loading?: boolean;
  empty: string;
}) {
  return (
    <section aria-label={title} className="mb-8">
      <h3 className="mb-3 text-lg font-semibold">
        {title} {items && items.length > 0 && <span className="text-muted">({items.length})</span>}
      </h3>
      {loading ? (
        <Spinner />
      ) : !items?.length ? (
        <p className="rounded-card border border-dashed border-border px-4 py-6 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-card border border-border bg-surface px-4">
          {items.map((item) => (
            <ApprovalRow key={item.id} item={item} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApprovalRow({ item, actions }: { item: ApprovalItem; actions: ApprovalAction[] }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<ApprovalAction | null>(null);
  const [note, setNote] = useState('');

  async function act(action: ApprovalAction, text: string) {
    setBusy(true);
    try {
      await action.run(item.id, text.trim());
      toast.success(action.done);
      setAsking(null);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="py-4" data-testid="approval-item">
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{item.title}</p>
          {item.subtitle && <p className="text-sm text-muted">{item.subtitle}</p>}
          {item.facts && (
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              {item.facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {item.preview && <div className="mt-3">{item.preview}</div>}
        </div>
        <div className="flex gap-2">
          {actions.map((a) => (
            <Button
              key={a.label}
              size="sm"
              variant={a.variant ?? 'primary'}
              disabled={busy}
              onClick={() => {
                if (!a.note) return act(a, '');
                setAsking(a);
                setNote('');
              }}
            >
              {a.label}
            </Button>
          ))}
        </div>
      </div>
      {asking?.note && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            act(asking, note);
          }}
        >
          <label className="min-w-56 flex-1 text-sm">
            <span className="mb-1 block font-medium">{asking.note.label}</span>
            <input
              className="h-9 w-full rounded-lg border border-border bg-bg px-3"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <Button
            size="sm"
            type="submit"
            variant={asking.variant ?? 'primary'}
            disabled={busy || (asking.note.required && !note.trim())}
          >
            {asking.label}
          </Button>
          <Button size="sm" type="button" variant="ghost" onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </form>
      )}
    </li>
  );
}
