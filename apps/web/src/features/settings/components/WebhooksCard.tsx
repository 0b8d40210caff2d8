import { WEBHOOK_EVENTS, type WebhookEvent, ZWebhookInput } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useWebhookDeliveries, useWebhookMutations, useWebhooks } from '../queries';
import { SettingsCard } from './SettingsCard';

/** The delivery log of one endpoint, with a re-send button per delivery. */
function DeliveryLog({ id }: { id: string }) {
  const log = useWebhookDeliveries(id);
  const { resend } = useWebhookMutations();
  const items = log.data?.items ?? [];
  if (items.length === 0) return <p className="mt-2 text-sm text-muted">No deliveries yet.</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {items.map((d) => {
        const last = d.attempts.at(-1);
        return (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {d.event} · {d.status} · {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}
              {last && ` · last ${last.statusCode ?? last.error ?? '—'} at ${new Date(last.at).toLocaleString()}`}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(d.id, {
                  onSuccess: (res) => toast.success(res.message),
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              Re-send
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Settings → Security (creators): webhook endpoints, their signing secret (shown once) and delivery logs. */
export function WebhooksCard() {
  const hooks = useWebhooks(true);
  const { create, remove } = useWebhookMutations();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZWebhookInput.safeParse({ url, events });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setSecret(res.secret);
        setUrl('');
        toast.success(res.message);
      },
      onError: (err) => toast.error(err.message),
    });
  };
  const toggle = (ev: WebhookEvent) =>
    setEvents((list) => (list.includes(ev) ? list.filter((x) => x !== ev) : [...list, ev]));

  return (
    <SettingsCard
      title="Webhooks"
      description="HTTPS endpoints told about your tracks, live streams and comments. Each request is signed (Wavecast-Signature)."
    >
      {secret && (
        <div className="mb-4 rounded-lg border border-primary/50 bg-bg p-3 text-sm">
          <p className="font-semibold">Signing secret (shown once):</p>
          <code className="mt-2 block break-all">{secret}</code>
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Endpoint URL"
          name="webhook-url"
          placeholder="https://example.com/wavecast"
          value={url}
          error={error}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="inline-flex items-center gap-1">
              <input type="checkbox" checked={events.includes(ev)} onChange={() => toggle(ev)} />
              {ev}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          Add Webhook
        </Button>
      </form>
      <ul className="mt-4 divide-y divide-border">
        {(hooks.data?.items ?? []).map((h) => (
          <li key={h.id} className="py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="break-all font-medium">{h.url}</p>
                <p className="text-muted">{h.events.join(', ')}</p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setOpen(open === h.id ? null : h.id)}>
                  {open === h.id ? 'Hide Log' : 'Delivery Log'}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(h.id, {
                      onSuccess: (res) => toast.success(res.message),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  Remove
                </Button>
              </div>
            </div>
            {open === h.id && <DeliveryLog id={h.id} />}
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
