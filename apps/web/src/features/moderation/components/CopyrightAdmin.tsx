import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useCopyrightNotices, useCourtAction, useFileNotice } from '../queries';

const STATUS = {
  takedown: 'Taken down',
  countered: 'Counter-notice',
  restored: 'Restored',
  court_action: 'Court action',
};
const field = 'h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm focus:border-primary focus:outline-none';

/** Copyright notices (legal Copyright page): record one (the track is taken down), follow them up. */
export function CopyrightAdmin() {
  const notices = useCopyrightNotices();
  const file = useFileNotice();
  const court = useCourtAction();
  const [form, setForm] = useState({ track: '', claimantName: '', claimantEmail: '', work: '' });
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    // A link to the track (…/audio/<id>) or its id.
    const trackId = form.track.trim().split('/').pop()?.split('?')[0] ?? '';
    file.mutate(
      { trackId, claimantName: form.claimantName, claimantEmail: form.claimantEmail, work: form.work },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setForm({ track: '', claimantName: '', claimantEmail: '', work: '' });
          setError(null);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <div className="mt-8">
      <h3 className="mb-2 font-semibold">Copyright notices</h3>
      <form
        onSubmit={submit}
        className="mb-4 grid gap-3 rounded-card border border-border bg-surface p-4 sm:grid-cols-2"
        noValidate
      >
        {(
          [
            ['track', 'Track link or id'],
            ['claimantName', 'Claimant name'],
            ['claimantEmail', 'Claimant e-mail'],
            ['work', 'Copyrighted work'],
          ] as const
        ).map(([key, label]) => (
          <input
            key={key}
            aria-label={label}
            placeholder={label}
            value={form[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            className={field}
          />
        ))}
        {error && (
          <p role="alert" className="text-sm text-error sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={file.isPending}>
            Take down
          </Button>
        </div>
      </form>
      <ul className="space-y-2">
        {(notices.data?.items ?? []).map((n) => (
          <li
            key={n.id}
            className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-surface p-3 text-sm"
            data-testid="copyright-notice"
          >
            <Link to={`/audio/${n.trackId}`} className="font-medium hover:underline">
              Track
            </Link>
            <span className="min-w-0 flex-1">
              {n.work} — {n.claimantName} ({n.claimantEmail})
              {n.counterText && <span className="block text-muted">Counter-notice: “{n.counterText}”</span>}
            </span>
            <span className="text-muted">
              {STATUS[n.status]}
              {n.status === 'countered' && n.restoreAt && ` · restores ${new Date(n.restoreAt).toLocaleDateString()}`}
            </span>
            {n.status === 'countered' && (
              <Button
                size="sm"
                variant="secondary"
                disabled={court.isPending}
                onClick={() => court.mutate(n.id, { onError: (err) => toast.error(err.message) })}
              >
                Court action started
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
