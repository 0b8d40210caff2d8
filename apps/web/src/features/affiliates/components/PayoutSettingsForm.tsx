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
import { toast } from '../../../lib/toast';
import { PayoutMethodFields, usePayoutMethod } from '../../payouts/PayoutMethodFields';
import { useAffiliateDashboard, useSavePayoutSettings } from '../queries';

/** Payout schedule and method; the method on file is only shown masked, and replaced by typing a new one. */
export function PayoutSettingsForm() {
  const dash = useAffiliateDashboard();
  const save = useSavePayoutSettings();
  const current = dash.data?.settings;
  const [schedule, setSchedule] = useState<PayoutSchedule | null>(null);
  const method = usePayoutMethod('keep');
  const [error, setError] = useState<string | null>(null);
  const chosen = schedule ?? current?.schedule ?? 'monthly';
  const tierPayout = AFFILIATE_TIERS.find((t) => t.id === dash.data?.tier.id)?.payout ?? 'monthly';
  /** The lowest tier that allows a schedule (Bronze monthly, Silver bi-weekly, Gold weekly). */
  const tierFor = (s: PayoutSchedule) => AFFILIATE_TIERS.find((t) => scheduleAllowed(s, t.payout))?.name ?? '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZPayoutSettingsInput.safeParse({ schedule: chosen, method: method.method() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      method.reset();
      toast.success(AFFILIATE_MESSAGES.settingsSaved);
    } catch (err) {
      setError((err as Error).message);
    }
  }

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
      <PayoutMethodFields
        id="payout-method-kind"
        state={method}
        hasMethod={Boolean(current?.method)}
        keepLabel={current?.method ? 'Keep the method on file' : 'Choose…'}
      />
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
