import { csvRow, type TAffiliateDashboard, type TFlaggedReferral } from '@wavecast/shared';
import { presentPayout } from '../payouts/presenter';
import type * as repo from './repo';
import type { affiliatesService } from './service';

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (cents: number) => (cents / 100).toFixed(2);
type Dashboard = Awaited<ReturnType<ReturnType<typeof affiliatesService>['dashboard']>>;

/** The referred account as the affiliate sees it: its name, or a masked e-mail; nothing once deleted. */
export function referredName(r: { display_name: string | null; email: string | null; deleted: boolean }) {
  if (r.deleted) return null;
  if (r.display_name) return r.display_name;
  const [local = '', domain = ''] = (r.email ?? '').split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function presentDashboard(d: Dashboard): TAffiliateDashboard {
  return {
    affiliateId: d.affiliate.userId,
    tier: { id: d.tier.id, name: d.tier.name, rateBps: d.tier.rateBps },
    stats: d.stats,
    referrals: d.referrals.map((r) => ({
      id: r.id,
      displayName: referredName(r),
      deleted: r.deleted,
      campaign: r.campaign,
      flagged: r.flagged,
      voided: r.voided,
      active: r.active,
      earnedCents: r.earned,
      createdAt: iso(r.created_at),
    })),
    entries: d.entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountCents: e.amount_cents,
      paymentCents: e.payment_cents,
      rateBps: e.rate_bps,
      status: e.status,
      referralId: e.referral_id,
      occurredAt: iso(e.occurred_at),
      payableAt: iso(e.payable_at),
    })),
    payouts: d.payouts.map(presentPayout),
    settings: { schedule: d.affiliate.payoutSchedule, method: d.method },
  };
}

/** The CSV report, line by line: the referrals, then the commission entries. */
export function* csvLines(d: Dashboard): Generator<string> {
  // This report has always quoted every text cell.
  const row = (...f: (string | number | boolean | null)[]) => `${csvRow(f, { quoteText: true })}\r\n`;
  yield row('record', 'id', 'date', 'referral', 'campaign', 'status', 'amount_usd', 'payment_usd', 'rate_pct');
  for (const r of d.referrals) {
    const status = r.deleted ? 'deleted' : r.active ? 'active' : 'inactive';
    yield row(
      'referral',
      r.id,
      iso(r.created_at),
      referredName(r) ?? 'Deleted account',
      r.campaign,
      status,
      money(r.earned),
      null,
      null,
    );
  }
  for (const e of d.entries) {
    yield row(
      e.kind,
      e.id,
      iso(e.occurred_at),
      e.referral_id,
      null,
      e.status,
      money(e.amount_cents),
      money(e.payment_cents),
      (e.rate_bps / 100).toFixed(2),
    );
  }
}

export function presentFlagged(r: Awaited<ReturnType<typeof repo.flaggedReferrals>>[number]): TFlaggedReferral {
  return {
    id: r.id,
    affiliate: { id: r.affiliate_id, email: r.affiliate_email, displayName: r.affiliate_name },
    referredEmail: r.referred_email,
    signupIp: r.signup_ip,
    campaign: r.campaign,
    createdAt: iso(r.created_at),
  };
}
