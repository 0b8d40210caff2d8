import { APP_NAME, type BillingNotice, formatCents, formatLongDate, type PaidPlanId, PLANS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { Tx } from './repo';

/**
 * What billing tells an account (ADR 0038): each notice is recorded as a `billing.notice` domain
 * event in the transaction of what caused it (a ledger entry, a transition) and delivered by the
 * notifications module as an in-app notice and a mail, once per `key`: a webhook delivered twice
 * makes no second entry or transition, and a notice recorded twice (the daily trial job) no
 * second mail.
 */
const BILLING_LINK = '/settings?tab=billing';
const planName = (planId: PaidPlanId) => PLANS[planId].name;
const day = (d: Date) => formatLongDate(d);
const footer = (publicUrl: string) => `\n\nSettings → Billing: ${publicUrl.replace(/\/$/, '')}${BILLING_LINK}`;

export function trialEndingNotice(
  sub: { id: string; userId: string; planId: PaidPlanId; trialEndsAt: Date; hasCard: boolean },
  publicUrl: string,
): BillingNotice {
  const plan = planName(sub.planId);
  const price = formatCents(PLANS[sub.planId].priceCents);
  const text = sub.hasCard
    ? `Your free trial of ${plan} ends on ${day(sub.trialEndsAt)}. Your card will then be charged ${price} a month; cancel before then to pay nothing.`
    : `Your free trial of ${plan} ends on ${day(sub.trialEndsAt)}. Add a card to keep ${plan} (${price} a month, first charged when the trial ends); without one your account goes back to the free plan.`;
  return {
    userId: sub.userId,
    kind: 'trial_ending',
    key: `trial-ending:${sub.id}`,
    // The daily job finds it up to TRIAL_REMINDER_DAYS ahead: the date is exact where "in 3 days" may not be.
    title: `Your free trial of ${plan} ends on ${day(sub.trialEndsAt)}`,
    link: BILLING_LINK,
    text: text + footer(publicUrl),
  };
}

export function paymentFailedNotice(
  p: { userId: string; paymentId: string; planId: PaidPlanId | null; amountCents: number; graceEndsAt: Date },
  publicUrl: string,
): BillingNotice {
  const plan = p.planId ? planName(p.planId) : 'your plan';
  return {
    userId: p.userId,
    kind: 'payment_failed',
    key: `payment-failed:${p.paymentId}`,
    title: `Your payment of ${formatCents(p.amountCents)} did not go through`,
    link: BILLING_LINK,
    text:
      `We could not charge your card ${formatCents(p.amountCents)} for ${plan}. You keep ${plan} until ${day(p.graceEndsAt)}; ` +
      `please update your card before then to keep it.${footer(publicUrl)}`,
  };
}

export function receiptNotice(
  p: {
    userId: string;
    paymentId: string;
    planId: PaidPlanId;
    amountCents: number;
    periodStart: Date;
    periodEnd: Date | null;
    prorated: boolean;
  },
  publicUrl: string,
): BillingNotice {
  const plan = planName(p.planId);
  const period = p.periodEnd ? `${day(p.periodStart)} – ${day(p.periodEnd)}` : `from ${day(p.periodStart)}`;
  return {
    userId: p.userId,
    kind: 'receipt',
    key: `receipt:${p.paymentId}`,
    title: `Receipt: ${formatCents(p.amountCents)} for ${plan}`,
    link: BILLING_LINK,
    text:
      [
        `Thank you for your payment to ${APP_NAME}.`,
        '',
        `Amount: ${formatCents(p.amountCents)}`,
        `Plan: ${plan}${p.prorated ? ' (plan change, prorated)' : ''}`,
        `Period: ${period}`,
      ].join('\n') + footer(publicUrl),
  };
}

export function planChangedNotice(
  s: { id: string; userId: string; version: number; from: PaidPlanId; to: PaidPlanId },
  publicUrl: string,
): BillingNotice {
  return {
    userId: s.userId,
    kind: 'plan_changed',
    key: `plan-changed:${s.id}:${s.version}`,
    title: `Your plan is now ${planName(s.to)}`,
    link: BILLING_LINK,
    text: `Your plan changed from ${planName(s.from)} to ${planName(s.to)}, right away.${footer(publicUrl)}`,
  };
}

export function canceledNotice(
  s: { id: string; userId: string; version: number; planId: PaidPlanId; endsAt: Date | null },
  publicUrl: string,
): BillingNotice {
  const plan = planName(s.planId);
  const until = s.endsAt ? ` You keep it until ${day(s.endsAt)}; you can resume it until then.` : '';
  return {
    userId: s.userId,
    kind: 'canceled',
    key: `canceled:${s.id}:${s.version}`,
    title: `Your ${plan} subscription has been canceled`,
    link: BILLING_LINK,
    text: `Your ${plan} subscription has been canceled.${until}${footer(publicUrl)}`,
  };
}

/** Records a notice in the transaction of its cause (delivered after the commit). */
export const recordNotice = (ctx: AppContext, tx: Tx, notice: BillingNotice) =>
  ctx.events.record(tx, 'billing.notice', notice);
