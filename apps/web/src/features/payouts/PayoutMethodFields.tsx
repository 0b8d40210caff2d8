import type { PayoutMethodKind } from '@wavecast/shared';
import { useState } from 'react';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';

const EMPTY = { email: '', accountName: '', accountNumber: '', routing: '', accountId: '' };
type Fields = typeof EMPTY;

/**
 * What a payee types for a payout method (affiliates and creators: one payout rail, ADR 0054).
 * `kind` starts at `initial` ('keep': the method on file stays, nothing is sent); `method()` is
 * the input to validate with the shared contract; `reset()` after a save clears what was typed.
 */
export function usePayoutMethod(initial: PayoutMethodKind | 'keep') {
  const [kind, setKind] = useState<PayoutMethodKind | 'keep'>(initial);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setFields({ ...fields, [k]: e.target.value });
  const method = () =>
    kind === 'paypal'
      ? { kind, email: fields.email }
      : kind === 'stripe'
        ? { kind, accountId: fields.accountId }
        : kind === 'bank'
          ? {
              kind,
              accountName: fields.accountName,
              accountNumber: fields.accountNumber,
              routing: fields.routing || undefined,
            }
          : undefined;
  const reset = () => {
    setKind(initial);
    setFields(EMPTY);
  };
  return { kind, setKind, fields, set, method, reset };
}
export type PayoutMethodState = ReturnType<typeof usePayoutMethod>;

/** The method's kind (a select) and the fields of the kind chosen; the method on file is never shown unmasked. */
export function PayoutMethodFields({
  id,
  state,
  hasMethod,
  keepLabel,
}: {
  /** The kind select's id. */
  id: string;
  state: PayoutMethodState;
  /** A method is on file (the label then says "Change"). */
  hasMethod: boolean;
  /** With a 'keep' option first, its text. */
  keepLabel?: string;
}) {
  const { kind, fields, set } = state;
  return (
    <>
      <div className="text-sm font-medium">
        <label htmlFor={id} className="mb-1 block">
          {hasMethod ? 'Change payout method' : 'Payout method'}
        </label>
        <Select id={id} className="w-full" value={kind} onChange={(e) => state.setKind(e.target.value as typeof kind)}>
          {keepLabel !== undefined && <option value="keep">{keepLabel}</option>}
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
    </>
  );
}
