import { STATEMENT_MESSAGES, ZPayoutMethodInput } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useSaveCreatorMethod } from '../queries';

const EMPTY = { email: '', accountName: '', accountNumber: '', routing: '', accountId: '' };

/** The creator's payout method (stored encrypted on the server; only a masked form comes back). */
export function PayoutMethodForm({ creatorId, masked }: { creatorId: string; masked: string | null }) {
  const save = useSaveCreatorMethod(creatorId);
  const [kind, setKind] = useState<'paypal' | 'bank' | 'stripe'>('paypal');
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input =
      kind === 'paypal'
        ? { kind, email: fields.email }
        : kind === 'stripe'
          ? { kind, accountId: fields.accountId }
          : {
              kind,
              accountName: fields.accountName,
              accountNumber: fields.accountNumber,
              routing: fields.routing || undefined,
            };
    const parsed = ZPayoutMethodInput.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      setFields(EMPTY);
      toast.success(STATEMENT_MESSAGES.methodSaved);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Payout method">
      <p className="text-sm text-muted" data-testid="creator-payout-method">
        Payout method on file: {masked ?? 'none yet'}
      </p>
      <div className="text-sm font-medium">
        <label htmlFor="creator-method-kind" className="mb-1 block">
          {masked ? 'Change payout method' : 'Payout method'}
        </label>
        <Select
          id="creator-method-kind"
          className="w-full"
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
        >
          <option value="paypal">PayPal</option>
          <option value="bank">Bank transfer</option>
          <option value="stripe">Stripe Connect account</option>
        </Select>
      </div>
      {kind === 'paypal' && (
        <TextField label="PayPal e-mail" type="email" value={fields.email} onChange={set('email')} autoComplete="off" />
      )}
      {kind === 'stripe' && (
        <TextField label="Stripe account id" value={fields.accountId} onChange={set('accountId')} autoComplete="off" />
      )}
      {kind === 'bank' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Account holder"
            value={fields.accountName}
            onChange={set('accountName')}
            autoComplete="off"
          />
          <TextField
            label="Account number or IBAN"
            value={fields.accountNumber}
            onChange={set('accountNumber')}
            autoComplete="off"
          />
          <TextField
            label="Routing number, sort code or BIC"
            value={fields.routing}
            onChange={set('routing')}
            autoComplete="off"
          />
        </div>
      )}
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Payout Method'}
      </Button>
    </form>
  );
}
