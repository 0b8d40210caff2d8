import { TOKEN_MESSAGES, type TokenScope, ZTokenInput } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../queries';
import { SettingsCard } from './SettingsCard';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** Settings → Security: personal access tokens for the public API (created, shown once, revoked). */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTokenInput.safeParse({ name, scope });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setSecret(res.secret);
        setName('');
        toast.success(res.message);
      },
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <SettingsCard
      title="API Tokens"
      description="Use a token as `Authorization: Bearer <token>` on the API. A read token can only read."
    >
      {secret && (
        <div className="mb-4 rounded-lg border border-primary/50 bg-bg p-3 text-sm" data-testid="new-token">
          <p className="font-semibold">{TOKEN_MESSAGES.created}</p>
          <code className="mt-2 block break-all">{secret}</code>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast.success('Copied'))}
          >
            Copy
          </Button>
        </div>
      )}
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label="Token name"
            name="token-name"
            value={name}
            error={error}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <label className="text-sm" htmlFor="token-scope">
          <span className="mb-1 block font-medium">Scope</span>
          <Select id="token-scope" value={scope} onChange={(e) => setScope(e.target.value as TokenScope)}>
            <option value="read">Read</option>
            <option value="read-write">Read and write</option>
          </Select>
        </label>
        <Button type="submit" disabled={create.isPending}>
          Create Token
        </Button>
      </form>
      <ul className="mt-4 divide-y divide-border">
        {(tokens.data?.items ?? []).map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div>
              <p className="font-medium">
                {t.name} <span className="text-muted">({t.scope === 'read' ? 'read' : 'read and write'})</span>
              </p>
              <p className="text-muted">
                <code>{t.prefix}…</code> · Last used: {when(t.lastUsedAt)}
                {t.revokedAt && ` · Revoked ${when(t.revokedAt)}`}
              </p>
            </div>
            {!t.revokedAt && (
              <Button
                size="sm"
                variant="secondary"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(t.id, {
                    onSuccess: (res) => toast.success(res.message),
                    onError: (err) => toast.error(err.message),
                  })
                }
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
