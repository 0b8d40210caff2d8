import { STATEMENT_MESSAGES, ZPayoutMethodInput } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { PayoutMethodFields, usePayoutMethod } from '../../payouts/PayoutMethodFields';
import { useSaveCreatorMethod } from '../queries';

/** The creator's payout method (stored encrypted on the server; only a masked form comes back). */
export function PayoutMethodForm({ creatorId, masked }: { creatorId: string; masked: string | null }) {
  const save = useSaveCreatorMethod(creatorId);
  const method = usePayoutMethod('paypal');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZPayoutMethodInput.safeParse(method.method());
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      method.reset();
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
      <PayoutMethodFields id="creator-method-kind" state={method} hasMethod={masked !== null} />
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
