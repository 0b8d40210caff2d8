import {
  BILLING_MESSAGES,
  formatCents,
  formatLongDate,
  formatPlanPrice,
  PAID_PLAN_IDS,
  PLANS,
  planAvailableTo,
  type Role,
  type TBilling,
  type TPayment,
  type TPlanSummary,
} from '@wavecast/shared';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { useAddCard, useBilling, useCancelPlan, useLeaveFamily, usePortal, useResumePlan } from '../queries';
import { FamilySection } from './FamilySection';
import { CreatorPlansNote, PlanButton } from './PlanButton';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong');

const STATUS_LABELS: Record<NonNullable<TPlanSummary['status']>, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  expired: 'Ended',
};

function StatusBadge({ plan }: { plan: TPlanSummary }) {
  const label = plan.status ? STATUS_LABELS[plan.status] : 'Free';
  const tone =
    plan.status === 'past_due'
      ? 'bg-warning/15 text-warning'
      : plan.status === 'canceled'
        ? 'bg-error/15 text-error'
        : plan.status
          ? 'bg-primary/20 text-fg'
          : 'bg-surface-2 text-muted';
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)} data-testid="plan-status">
      {label}
    </span>
  );
}

/** A plan of the account's own (not a family seat): it can be canceled, resumed and changed. */
const ownsPlan = (plan: TPlanSummary) => plan.source !== null && plan.source !== 'family';

function CurrentPlan({ billing }: { billing: TBilling }) {
  const { plan, nextCharge, payingEnabled, canAddCard } = billing;
  const cancel = useCancelPlan();
  const resume = useResumePlan();
  const leave = useLeaveFamily();
  const portal = usePortal();
  const addCard = useAddCard();
  const [confirm, setConfirm] = useState<'cancel' | 'leave' | null>(null);
  const own = ownsPlan(plan);
  const ends = plan.currentPeriodEnd ?? plan.trialEndsAt;

  return (
    <SettingsCard title="Your plan">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-bold tracking-tight" data-testid="plan-name">
          {plan.name}
        </p>
        <StatusBadge plan={plan} />
      </div>
      <div className="mt-3 space-y-2 text-sm" data-testid="plan-details">
        {!plan.status && (
          <p className="text-muted">
            {BILLING_MESSAGES.noPlan}.{' '}
            <Link to="/pricing" className="font-medium text-primary hover:underline">
              See all plans
            </Link>
          </p>
        )}
        {plan.status === 'trialing' && plan.trialEndsAt && (
          <p>Your free trial ends on {formatLongDate(plan.trialEndsAt)}</p>
        )}
        {canAddCard && (
          <p className="text-muted" data-testid="add-card-note">
            Add a card now and your plan goes on when the trial ends; it is first charged then.
          </p>
        )}
        {plan.source === 'stripe' && plan.trialEndsAt && new Date(plan.trialEndsAt) > new Date() && (
          <p data-testid="card-trial">
            Free trial until {formatLongDate(plan.trialEndsAt)}, then charged to your card.
          </p>
        )}
        {plan.status === 'canceled' && ends && <p>Your plan ends on {formatLongDate(ends)}</p>}
        {plan.status === 'past_due' && (
          <p role="status" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-fg">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            <span>
              Your last payment did not go through.
              {plan.graceEndsAt && ` You keep your plan until ${formatLongDate(plan.graceEndsAt)}.`} Please update your
              card to keep it.
            </span>
          </p>
        )}
        {nextCharge && (
          <p>
            Next charge: <strong>{formatCents(nextCharge.amountCents)}</strong> on {formatLongDate(nextCharge.at)}
          </p>
        )}
        {plan.source === 'family' && plan.familyOwnerName && (
          <p>You&apos;re on {plan.familyOwnerName}&apos;s Family Plan</p>
        )}
        {plan.source === 'admin' && <p className="text-muted">This plan was granted by an administrator.</p>}
      </div>

      <div className="mt-5 flex flex-wrap gap-2 empty:hidden">
        {own && plan.status === 'canceled' && (
          <Button
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () => toast.success(BILLING_MESSAGES.planResumed),
                onError: (err) => toast.error(errorText(err)),
              })
            }
            disabled={resume.isPending}
          >
            {resume.isPending ? 'Resuming...' : 'Resume plan'}
          </Button>
        )}
        {own && plan.status !== 'canceled' && plan.status !== 'expired' && (
          <Button variant="outline" onClick={() => setConfirm('cancel')}>
            Cancel plan
          </Button>
        )}
        {plan.source === 'family' && (
          <Button variant="outline" onClick={() => setConfirm('leave')}>
            Leave family plan
          </Button>
        )}
        {canAddCard && (
          <Button
            onClick={() => addCard.mutate(undefined, { onError: (err) => toast.error(errorText(err)) })}
            disabled={addCard.isPending}
          >
            <CreditCard className="size-4" aria-hidden />
            {addCard.isPending ? 'Opening...' : `Add a card to keep ${plan.name}`}
          </Button>
        )}
        {payingEnabled && (
          <Button
            variant="secondary"
            onClick={() => portal.mutate(undefined, { onError: (err) => toast.error(errorText(err)) })}
            disabled={portal.isPending}
          >
            <CreditCard className="size-4" aria-hidden />
            {portal.isPending ? 'Opening...' : 'Manage cards and invoices'}
          </Button>
        )}
      </div>
      {!payingEnabled && (
        <p className="mt-4 text-sm text-muted" data-testid="paying-not-set-up">
          Paying by card is not set up on this server. Free trials and plans granted by an administrator are available.
        </p>
      )}

      <ConfirmDialog
        cancelLabel="Keep as is"
        open={confirm === 'cancel'}
        title="Cancel your plan?"
        description={
          ends
            ? `You keep ${plan.name} until ${formatLongDate(ends)}; after that your account is on the free plan. You can resume until then.`
            : `Your account goes back to the free plan at the end of the period.`
        }
        confirmLabel="Cancel plan"
        pendingLabel="Canceling..."
        pending={cancel.isPending}
        danger
        onClose={() => !cancel.isPending && setConfirm(null)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(BILLING_MESSAGES.planCanceled);
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
      <ConfirmDialog
        cancelLabel="Keep as is"
        open={confirm === 'leave'}
        title="Leave the family plan?"
        description="Your account goes back to the free plan now."
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        danger
        onClose={() => !leave.isPending && setConfirm(null)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.success('You have left the family plan');
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </SettingsCard>
  );
}

/** The paid plans this account may hold: listeners the listener plans, creators (and admins) all. */
const plansFor = (role: Role) => PAID_PLAN_IDS.filter((id) => planAvailableTo(id, role));

function Plans({ role, hasPlan }: { role: Role; hasPlan: boolean }) {
  return (
    <SettingsCard
      title={hasPlan ? 'Change plan' : 'Choose a plan'}
      description="Every paid plan starts with a 14-day free trial."
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {plansFor(role).map((id) => (
          <li
            key={id}
            className="flex flex-col rounded-lg border border-border bg-bg p-4"
            data-testid={`billing-plan-${id}`}
          >
            <p className="font-semibold">{PLANS[id].name}</p>
            <p className="text-sm text-muted">{formatPlanPrice(PLANS[id].priceCents)}/month</p>
            <PlanButton planId={id} signupLabel="Sign up" className="mt-3" />
          </li>
        ))}
      </ul>
      {role === 'listener' && <CreatorPlansNote className="mt-4" />}
    </SettingsCard>
  );
}

const KIND_LABELS: Record<TPayment['kind'], string> = { paid: 'Paid', refunded: 'Refunded', failed: 'Failed' };

function Payments({ payments }: { payments: TPayment[] }) {
  return (
    <SettingsCard title="Payments">
      {payments.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
          No payments yet.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Your payments</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Description
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 font-medium">
                  Kind
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatLongDate(p.occurredAt)}</td>
                  <td className="py-2 pr-4">
                    {p.description ?? (p.purpose === 'ad_topup' ? 'Ad budget top-up' : 'Subscription')}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums whitespace-nowrap">{formatCents(p.amountCents)}</td>
                  <td className="py-2">{KIND_LABELS[p.kind]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsCard>
  );
}

/** Settings → Billing: the plan, its changes, payments and (for a family plan's owner) the family. */
export default function BillingTab() {
  const { user } = useSession();
  const billing = useBilling();
  if (billing.isPending || billing.isError || !user)
    return (
      <div className="grid place-items-center py-16">
        {billing.isError ? <p className="text-muted">Could not load your billing. Please try again.</p> : <Spinner />}
      </div>
    );
  const data = billing.data;
  return (
    <div className="space-y-6">
      <CurrentPlan billing={data} />
      {data.family && (
        <div data-testid="family">
          <FamilySection family={data.family} />
        </div>
      )}
      {data.plan.source !== 'family' && <Plans role={user.role} hasPlan={ownsPlan(data.plan)} />}
      <Payments payments={data.payments} />
    </div>
  );
}
