import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, ZAdvertiserApplicationDetails } from '@wavecast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { pendingFor, useApply, useMyApplications } from '../../applications/queries';
import { useSession } from '../../auth/session';

type Details = z.infer<typeof ZAdvertiserApplicationDetails>;

/** "Apply to advertise" (company, website, billing contact): an admin approves it in Approvals. */
export function ApplyToAdvertise() {
  const { user } = useSession();
  const mine = useMyApplications(!!user && user.role !== 'advertiser');
  const apply = useApply();
  const form = useForm<Details>({
    resolver: zodResolver(ZAdvertiserApplicationDetails),
    defaultValues: { company: '', website: 'https://', billingEmail: user?.email ?? '' },
  });
  const errors = form.formState.errors;

  let body: React.ReactNode;
  if (!user) {
    body = (
      <p className="text-muted">
        <ButtonLink to="/signup" size="sm">
          Sign up
        </ButtonLink>{' '}
        or{' '}
        <ButtonLink to="/login" size="sm" variant="outline">
          Log in
        </ButtonLink>{' '}
        to apply.
      </p>
    );
  } else if (user.role === 'advertiser') {
    body = <ButtonLink to="/dashboard/advertiser/campaigns">Go to your Advertiser Dashboard</ButtonLink>;
  } else if (pendingFor(mine.data, 'advertiser')) {
    body = <p className="text-muted">{ADMIN_MESSAGES.applicationPending}</p>;
  } else {
    body = (
      <form
        aria-label="Apply to advertise"
        className="grid gap-4 sm:grid-cols-3"
        noValidate
        onSubmit={form.handleSubmit(async (details) => {
          try {
            const res = await apply.mutateAsync({ role: 'advertiser', details });
            toast.success(res.message);
          } catch (e) {
            toast.error(e instanceof Error ? e.message : 'Something went wrong');
          }
        })}
      >
        <TextField label="Company" {...form.register('company')} error={errors.company?.message} />
        <TextField label="Website" inputMode="url" {...form.register('website')} error={errors.website?.message} />
        <TextField
          label="Billing contact e-mail"
          type="email"
          {...form.register('billingEmail')}
          error={errors.billingEmail?.message}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={apply.isPending}>
            Apply to advertise
          </Button>
        </div>
      </form>
    );
  }
  return (
    <section
      id="apply"
      aria-labelledby="apply-title"
      className="my-12 rounded-card border border-border bg-surface p-6"
    >
      <h2 id="apply-title" className="mb-4 text-2xl font-bold">
        Apply to advertise
      </h2>
      {body}
    </section>
  );
}
