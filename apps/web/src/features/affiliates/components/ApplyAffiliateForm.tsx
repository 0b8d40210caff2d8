import { ZAffiliateApplicationDetails } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { pendingFor, useApply, useMyApplications } from '../../applications/queries';
import { useSession } from '../../auth/session';

/** "Apply to become an affiliate": website or channel, audience, how they promote; then the pending state. */
export function ApplyAffiliateForm() {
  const { user } = useSession();
  const mine = useMyApplications(Boolean(user));
  const apply = useApply();
  const [form, setForm] = useState({ website: '', audience: '', promotion: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!user) {
    return (
      <div className="rounded-card border border-border bg-surface p-5">
        <p className="mb-3 text-muted">Sign up or log in to apply to become an affiliate.</p>
        <ButtonLink to="/signup">Sign Up Now</ButtonLink>
      </div>
    );
  }
  if (user.role === 'affiliate') {
    return (
      <div className="rounded-card border border-border bg-surface p-5">
        <p className="mb-3">You are an affiliate.</p>
        <ButtonLink to="/dashboard/affiliate">Open your affiliate dashboard</ButtonLink>
      </div>
    );
  }
  const pending = pendingFor(mine.data, 'affiliate');
  if (pending) {
    return (
      <div className="rounded-card border border-border bg-surface p-5" data-testid="affiliate-application-pending">
        <p className="font-semibold">Your affiliate application is waiting for review.</p>
        <p className="text-sm text-muted">An admin will review it shortly; the role works as soon as it is approved.</p>
      </div>
    );
  }
  const refused = mine.data?.find((a) => a.role === 'affiliate' && a.status === 'refused');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZAffiliateApplicationDetails.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const res = await apply.mutateAsync({ role: 'affiliate', details: parsed.data });
      toast.success(res.message);
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-card border border-border bg-surface p-5"
      aria-label="Apply to become an affiliate"
    >
      <h3 className="text-lg font-semibold">Apply to become an affiliate</h3>
      {refused && (
        <p className="text-sm text-muted">
          Your last application was refused{refused.note ? `: ${refused.note}` : '.'}
        </p>
      )}
      <TextField
        label="Website or channel"
        type="url"
        value={form.website}
        onChange={set('website')}
        error={errors.website}
        maxLength={500}
        placeholder="https://"
      />
      <TextField
        label="Audience"
        value={form.audience}
        onChange={set('audience')}
        error={errors.audience}
        maxLength={500}
      />
      <TextAreaField
        label="How you promote"
        rows={3}
        value={form.promotion}
        onChange={set('promotion')}
        error={errors.promotion}
        maxLength={1000}
      />
      <Button type="submit" disabled={apply.isPending}>
        {apply.isPending ? 'Sending...' : 'Apply'}
      </Button>
    </form>
  );
}
