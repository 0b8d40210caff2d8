import {
  AFFILIATE_MESSAGES,
  AFFILIATE_TIERS,
  PAYOUT_SCHEDULE_LABELS,
  PAYOUT_SCHEDULES,
  type PayoutSchedule,
  scheduleAllowed,
  ZPayoutSettingsInput,
} from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useAffiliateDashboard, useSavePayoutSettings } from '../queries';

/** Payout schedule and method; the method on file is only shown masked, and replaced by typing a new one. */
export function PayoutSettingsForm() {
  const dash = useAffiliateDashboard();
  const save = useSavePayoutSettings();
  const current = dash.data?.settings;
  const [schedule, setSchedule] = useState<PayoutSchedule | null>(null);
  const [kind, setKind] = useState<'keep' | 'paypal' | 'bank' | 'stripe'>('keep');
  const [fields, setFields] = useState({ email: '', accountName: '', accountNumber: '', routing: '', accountId: '' });
  const [error, setError] = useState<string | null>(null);
  const chosen = schedule ?? current?.schedule ?? 'monthly';
  const tierPayout = AFFILIATE_TIERS.find((t) => t.id === dash.data?.tier.id)?.payout ?? 'monthly';
  /** The lowest tier that allows a schedule (Bronze monthly, Silver bi-weekly, Gold weekly). */
  const tierFor = (s: PayoutSchedule) => AFFILIATE_TIERS.find((t) => scheduleAllowed(s, t.payout))?.name ?? '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const method =
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
    const parsed = ZPayoutSettingsInput.safeParse({ schedule: chosen, method });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      setKind('keep');
      setFields({ email: '', accountName: '', accountNumber: '', routing: '', accountId: '' });
      toast.success(AFFILIATE_MESSAGES.settingsSaved);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [k]: e.target.value });

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-card border border-border bg-surface p-5"
      aria-label="Payout settings"
    >
      <h3 className="text-lg font-semibold">Payout settings</h3>
      <div className="text-sm font-medium">
        <label htmlFor="payout-schedule" className="mb-1 block">
          Payout frequency
        </label>
        <Select
          id="payout-schedule"
          className="w-full"
          value={chosen}
          onChange={(e) => setSchedule(e.target.value as PayoutSchedule)}
        >
          {PAYOUT_SCHEDULES.map((s) => (
            <option key={s} value={s} disabled={!scheduleAllowed(s, tierPayout)}>
              {PAYOUT_SCHEDULE_LABELS[s]}
              {scheduleAllowed(s, tierPayout) ? '' : ` (from the ${tierFor(s)} tier)`}
            </option>
          ))}
        </Select>
      </div>
      <p className="text-sm text-muted" data-testid="payout-method">
        Payout method on file: {current?.method?.masked ?? 'none yet'}
      </p>
      <div className="text-sm font-medium">
        <label htmlFor="payout-method-kind" className="mb-1 block">
          {current?.method ? 'Change payout method' : 'Payout method'}
        </label>
        <Select
          id="payout-method-kind"
          className="w-full"
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
        >
          <option value="keep">{current?.method ? 'Keep the method on file' : 'Choose…'}</option>
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
      <p className="text-xs text-muted">
        Details are stored encrypted; only a masked form is ever shown. Request a payout from a $50 payable balance.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Payout Settings'}
      </Button>
    </form>
  );
}
