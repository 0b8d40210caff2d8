import { REPORT_REASONS, type TCopyrightNotice, type TRemoval } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { useAppeal, useCounterNotice, useMyNotices, useMyRemovals } from '../queries';

function Removal({ r }: { r: TRemoval }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const appeal = useAppeal();
  function submit(e: FormEvent) {
    e.preventDefault();
    appeal.mutate(
      { id: r.id, text },
      { onSuccess: (res) => toast.success(res.message), onError: (err) => setError(err.message) },
    );
  }
  return (
    <li className="rounded-card border border-border bg-surface p-4" data-testid="removal">
      <p className="font-medium">
        {r.targetType === 'track' ? (
          <Link to={`/audio/${r.targetId}`} className="hover:underline">
            {r.label ?? 'Your track'}
          </Link>
        ) : (
          (r.label ?? 'Your content')
        )}
      </p>
      <p className="text-sm text-muted">
        Removed {new Date(r.removedAt).toLocaleDateString()}: {REPORT_REASONS[r.reason].label}
      </p>
      {r.restoredAt ? (
        <p className="mt-2 text-sm text-success">Restored {new Date(r.restoredAt).toLocaleDateString()}.</p>
      ) : r.appealedAt ? (
        <p className="mt-2 text-sm">
          Appeal sent {new Date(r.appealedAt).toLocaleDateString()}: an admin will review it.
        </p>
      ) : (
        <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
          <label htmlFor={`appeal-${r.id}`} className="block text-sm font-medium">
            Why should it be restored? (you may appeal once)
          </label>
          <textarea
            id={`appeal-${r.id}`}
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="w-full rounded-lg border border-border bg-bg p-3 text-sm focus:border-primary focus:outline-none"
          />
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <Button type="submit" size="sm" disabled={appeal.isPending}>
            Send appeal
          </Button>
        </form>
      )}
    </li>
  );
}

function Notice({ n }: { n: TCopyrightNotice }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const counter = useCounterNotice();
  return (
    <li className="rounded-card border border-border bg-surface p-4" data-testid="copyright-notice">
      <p className="font-medium">
        Copyright notice about <Link to={`/audio/${n.trackId}`}>your track</Link>
      </p>
      <p className="text-sm text-muted">
        From {n.claimantName} ({n.claimantEmail}), about “{n.work}”, {new Date(n.createdAt).toLocaleDateString()}.
      </p>
      {n.status === 'takedown' ? (
        <form
          className="mt-3 space-y-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            counter.mutate(
              { id: n.id, text },
              { onSuccess: (res) => toast.success(res.message), onError: (err) => setError(err.message) },
            );
          }}
        >
          <label htmlFor={`counter-${n.id}`} className="block text-sm font-medium">
            Counter-notice (see the <Link to="/legal/copyright">Copyright page</Link> for what to include)
          </label>
          <textarea
            id={`counter-${n.id}`}
            rows={4}
            maxLength={4000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="w-full rounded-lg border border-border bg-bg p-3 text-sm focus:border-primary focus:outline-none"
          />
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <Button type="submit" size="sm" disabled={counter.isPending}>
            Send counter-notice
          </Button>
        </form>
      ) : n.status === 'countered' ? (
        <p className="mt-2 text-sm">
          Counter-notice sent. Unless the claimant starts court action, your track comes back on{' '}
          {n.restoreAt ? new Date(n.restoreAt).toLocaleDateString() : '—'}.
        </p>
      ) : n.status === 'restored' ? (
        <p className="mt-2 text-sm text-success">Restored.</p>
      ) : (
        <p className="mt-2 text-sm">The claimant has started court action: the track stays down.</p>
      )}
    </li>
  );
}

function MyNotices() {
  const notices = useMyNotices();
  const items = notices.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <ul className="mb-6 space-y-3">
      {items.map((n) => (
        <Notice key={n.id} n={n} />
      ))}
    </ul>
  );
}

/** /moderation: the signed-in user's removed content, with one appeal each. */
export default function MyRemovalsPage() {
  const query = useMyRemovals();
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeading title="Removed content" subtitle="Content of yours an admin removed, and your appeals." />
      <MyNotices />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-error">Could not load your removed content.</p>
      ) : query.data.items.length === 0 ? (
        <p className="text-muted">Nothing of yours has been removed.</p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((r) => (
            <Removal key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
