import { CalendarClock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { localInput } from '../lib/local-time';
import { useCancelPremiere, usePremiere, useSchedulePremiere } from '../queries';
import { PremiereCountdown } from './PremiereCountdown';

/**
 * The track page's premiere: for anyone while it is ahead (countdown, a way into the waiting room);
 * for its creator, scheduling one (the track is hidden until then) or canceling it.
 */
export function PremierePanel({ trackId, isOwner }: { trackId: string; isOwner: boolean }) {
  const premiere = usePremiere(trackId);
  const p = premiere.data;
  if (premiere.isPending && isOwner) return null;
  const open = p && (p.status === 'scheduled' || p.status === 'live');
  if (open) {
    return (
      <div className="space-y-3" data-testid="premiere-panel">
        {p.status === 'scheduled' && (
          <PremiereCountdown roomId={p.roomId} startsAt={p.startsAt} serverNow={p.serverNow} />
        )}
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/rooms/${p.roomId}`}>
            {p.status === 'live' ? 'Join the premiere' : 'Enter the waiting room'}
          </ButtonLink>
          {isOwner && p.status === 'scheduled' && <CancelPremiere trackId={trackId} />}
        </div>
      </div>
    );
  }
  if (!isOwner || p?.status === 'done') return null;
  return <SchedulePremiere trackId={trackId} />;
}

function CancelPremiere({ trackId }: { trackId: string }) {
  const cancel = useCancelPremiere(trackId);
  return (
    <Button
      variant="outline"
      onClick={() =>
        cancel.mutate(undefined, {
          onSuccess: () => toast.success('Premiere canceled'),
          onError: (e) => toast.error(e.message),
        })
      }
    >
      Cancel premiere
    </Button>
  );
}

/**
 * The creator's form: a time at least a minute ahead; the server refuses one over 30 days ahead by its
 * own clock, with its message (the browser's clock may differ from the server's).
 */
export function SchedulePremiere({ trackId }: { trackId: string }) {
  const [editing, setEditing] = useState(false);
  const [when, setWhen] = useState(() => localInput(60));
  const schedule = useSchedulePremiere(trackId);
  if (!editing) {
    return (
      <Button variant="outline" onClick={() => setEditing(true)}>
        <CalendarClock className="size-4" aria-hidden /> Schedule premiere
      </Button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    schedule.mutate(new Date(when).toISOString(), {
      onSuccess: () => {
        toast.success('Premiere scheduled. Your followers have been told.');
        setEditing(false);
      },
      onError: (err) => toast.error(err.message),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 rounded-card border border-border p-3"
      aria-label="Schedule premiere"
    >
      <label className="text-sm font-medium">
        Premiere time
        <input
          type="datetime-local"
          value={when}
          min={localInput(1)}
          onChange={(e) => setWhen(e.target.value)}
          required
          className="mt-1 block h-10 rounded-lg border border-border bg-bg px-3"
        />
      </label>
      <Button type="submit" disabled={schedule.isPending}>
        Schedule
      </Button>
      <Button variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
      <p className="w-full text-xs text-muted">
        The track stays hidden until then; everyone in the waiting room starts it at the same moment.
      </p>
    </form>
  );
}

/** The audio page of a track hidden until its premiere: what it is, the countdown, the waiting room. */
export function PremiereInstead({ trackId, fallback }: { trackId: string; fallback: React.ReactNode }) {
  const premiere = usePremiere(trackId);
  const p = premiere.data;
  if (premiere.isPending) return null;
  if (!p || p.status === 'canceled' || p.status === 'done') return <>{fallback}</>;
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12 text-center" data-testid="premiere-page">
      <img src={p.coverUrl ?? undefined} alt="" className="mx-auto size-48 rounded-card object-cover" />
      <p className="text-sm font-semibold uppercase text-primary">Premiere</p>
      <h1 className="text-3xl font-bold">{p.title}</h1>
      <p className="text-muted">{p.creator.displayName ?? 'Unknown Creator'}</p>
      <PremierePanel trackId={trackId} isOwner={false} />
    </div>
  );
}
