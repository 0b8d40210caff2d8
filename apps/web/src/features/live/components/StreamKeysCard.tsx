import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STREAM_KEY_MESSAGES,
  type TStreamKey,
  type TStreamKeyCreated,
  type TStreamKeyList,
  ZStreamKeyInput,
} from '@wavecast/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const KEYS = ['live', 'keys'] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function useStreamKeyMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: KEYS });
  return {
    create: useMutation({
      mutationFn: (body: { name: string }) => api<TStreamKeyCreated>('/api/live/keys', { method: 'POST', body }),
      onSuccess,
    }),
    regenerate: useMutation({
      mutationFn: (id: string) => api<TStreamKeyCreated>(`/api/live/keys/${id}/regenerate`, { method: 'POST' }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api<{ message: string }>(`/api/live/keys/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => toast.success('Copied'))}
    >
      {label}
    </Button>
  );
}

/**
 * Go Live → Stream from an encoder: the ingest address and the creator's stream keys (one per
 * co-host or DJ). A key is shown once, when created or regenerated; revoking cuts its encoder.
 */
export default function StreamKeysCard() {
  const list = useQuery({ queryKey: KEYS, queryFn: () => api<TStreamKeyList>('/api/live/keys') });
  const { create, regenerate, revoke } = useStreamKeyMutations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<{ secret: string; message: string } | null>(null);

  const reveal = (res: TStreamKeyCreated) => {
    setShown({ secret: res.secret, message: res.message });
    toast.success(res.message);
  };
  const failed = (err: Error) => toast.error(err.message);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZStreamKeyInput.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setName('');
        reveal(res);
      },
      onError: failed,
    });
  };

  const ingestUrl = list.data?.ingestUrl ?? null;
  return (
    <section aria-labelledby="stream-keys-heading" className="rounded-card border border-border bg-surface p-5">
      <h2 id="stream-keys-heading" className="mb-1 flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden /> Stream from an encoder
      </h2>
      <p className="mb-3 text-sm text-muted">
        OBS, BUTT, Mixxx, Liquidsoap or ffmpeg: choose Icecast, user <code>source</code>, mount <code>/live</code>, and
        a stream key as the password. The encoder's stream name and genre become the title and category (a stream
        started here and waiting for audio keeps its own).
      </p>
      {ingestUrl ? (
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="ingest-url">
          <span className="font-medium">Server:</span> <code className="break-all">{ingestUrl}</code>
          <CopyButton text={ingestUrl} label="Copy address" />
        </div>
      ) : (
        <p className="mb-4 text-sm text-muted">Encoder streaming is not enabled on this server.</p>
      )}
      {shown && (
        <div className="mb-4 rounded-lg border border-primary/50 bg-bg p-3 text-sm" data-testid="new-stream-key">
          <p className="font-semibold">{shown.message}</p>
          <code className="mt-2 block break-all">{shown.secret}</code>
          <div className="mt-2">
            <CopyButton text={shown.secret} label="Copy key" />
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label="Key name"
            name="stream-key-name"
            placeholder="e.g. Studio OBS, DJ Nova"
            value={name}
            error={error}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          Create Key
        </Button>
      </form>
      <ul className="mt-4 divide-y divide-border" aria-label="Stream keys">
        {(list.data?.items ?? []).map((k: TStreamKey) => (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div>
              <p className="font-medium">{k.name}</p>
              <p className="text-muted">
                <code>{k.prefix}…</code> · Created {when(k.createdAt)} · Last used: {when(k.lastUsedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={regenerate.isPending}
                onClick={() => regenerate.mutate(k.id, { onSuccess: reveal, onError: failed })}
              >
                Regenerate
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(k.id, {
                    onSuccess: () => toast.success(STREAM_KEY_MESSAGES.revoked),
                    onError: failed,
                  })
                }
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
