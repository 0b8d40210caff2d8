import { PLANS, type TBilling, type TFamilyMember, type TPayment } from '@wavecast/shared';
import type { AccountPlan } from './entitlements';
import type { listMembers } from './family-repo';
import type { PaymentRow } from './repo';

export function presentPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    kind: row.kind,
    purpose: row.purpose,
    amountCents: row.amountCents,
    currency: row.currency,
    description: row.description,
    occurredAt: row.occurredAt.toISOString(),
  };
}

export function presentFamilyMember(r: Awaited<ReturnType<typeof listMembers>>[number]): TFamilyMember {
  return {
    id: r.member.id,
    email: r.member.email,
    displayName: r.displayName,
    status: r.member.status === 'active' ? 'active' : 'invited',
    invitedAt: r.member.invitedAt.toISOString(),
  };
}

export function presentBilling(input: {
  account: AccountPlan;
  payingEnabled: boolean;
  trialAvailable: boolean;
  canAddCard: boolean;
  payments: PaymentRow[];
  family: { rows: Awaited<ReturnType<typeof listMembers>>; seatsLeft: number } | null;
}): TBilling {
  const sub = input.account.subscription;
  // A paying subscription that goes on is charged its plan's price when the period ends.
  const nextCharge =
    sub?.source === 'stripe' && sub.currentPeriodEnd && (sub.status === 'active' || sub.status === 'past_due')
      ? { amountCents: PLANS[sub.planId].priceCents, at: sub.currentPeriodEnd.toISOString() }
      : null;
  return {
    plan: input.account.plan,
    entitlements: input.account.entitlements,
    payingEnabled: input.payingEnabled,
    trialAvailable: input.trialAvailable,
    canAddCard: input.canAddCard,
    nextCharge,
    payments: input.payments.map(presentPayment),
    family: input.family
      ? { members: input.family.rows.map(presentFamilyMember), seatsLeft: input.family.seatsLeft }
      : null,
  };
}
