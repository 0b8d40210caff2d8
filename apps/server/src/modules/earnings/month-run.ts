import { EARNINGS_HYBRID_PLAY_CAP, type EarningsRule, type EarningsSource } from '@wavecast/shared';
import { byId, hybridWeights, type ListeningWeight, platformSplit, splitPool, splitSubscriber } from './allocate';

/**
 * One month's allocation, fed one paying account at a time (close.ts reads them from a cursor):
 * pure, so the property tests run it on random months. Every unit of revenue (an account's net,
 * a creator's ad cents, a refund) is split so its parts add up to it; `finish` checks the month.
 */

/** One paying account's listening of one track (one day of it for the hybrid rule). */
export interface PayerListening {
  /** Whose listening (a Family member's, or the payer's own when absent): the hybrid cap is per listener. */
  listenerId?: string;
  audioId: string;
  creatorId: string;
  day: string | null;
  plays: number;
  longPlays: number;
  heardSeconds: number;
}

export interface MonthInput {
  rule: EarningsRule;
  platformShareBps: number;
  /** Each paying account's subscription net for the month (may be ≤ 0: the platform bears it). */
  units: ReadonlyMap<string, number>;
  /** Each creator's ad revenue, in cents. */
  adCents: ReadonlyMap<string, number>;
}

/** A refund of an earlier month's payment: what moved now, and what the creators give back. */
export interface ReversalInput {
  paymentId: string;
  /** The refund's net this month (refund + the commission given back), ≤ 0. */
  netCents: number;
  /** The creators' part to take back, ≤ 0 (their share of the refunded part of the payment's net). */
  creatorsBaseCents: number;
  /** The rule and listening of the month the payment was allocated in (null: never allocated). */
  rule: EarningsRule | null;
  listening: readonly PayerListening[];
}

export interface RunEntry {
  creatorId: string;
  audioId: string | null;
  source: EarningsSource;
  kind: 'allocation' | 'reversal';
  cents: number;
  subscribers: number;
  paymentId: string | null;
}

export interface CreatorTotals {
  subscriptionCents: number;
  adCents: number;
  reversalCents: number;
  proRataCents: number;
  subscribers: number;
  plays: number;
  heardSeconds: number;
}

export interface MonthOutcome {
  subscriptionNetCents: number;
  adNetCents: number;
  creatorsCents: number;
  platformCents: number;
  subscribers: number;
  listeningSubscribers: number;
  entries: RunEntry[];
  creators: Map<string, CreatorTotals>;
}

/**
 * The weights a rule splits one account's payment by, in track id order (the order a split's ties
 * follow, here and in the set-wise close's SQL).
 */
export function weightsFor(rule: EarningsRule, rows: readonly PayerListening[]): ListeningWeight[] {
  if (rule === 'hybrid') {
    // Each listener's own cap, then their capped plays added up per track.
    const byListener = new Map<string, PayerListening[]>();
    for (const r of rows) {
      const own = byListener.get(r.listenerId ?? '');
      if (own) own.push(r);
      else byListener.set(r.listenerId ?? '', [r]);
    }
    const byTrack = new Map<string, ListeningWeight>();
    for (const own of byListener.values()) {
      const capped = hybridWeights(
        own.map((r) => ({ day: r.day ?? '', audioId: r.audioId, creatorId: r.creatorId, longPlays: r.longPlays })),
        EARNINGS_HYBRID_PLAY_CAP,
      );
      for (const w of capped) {
        const cur = byTrack.get(w.audioId);
        if (cur) cur.weight += w.weight;
        else byTrack.set(w.audioId, { ...w });
      }
    }
    return [...byTrack.values()].sort((a, b) => byId(a.audioId, b.audioId));
  }
  const byTrack = new Map<string, ListeningWeight>();
  for (const r of rows) {
    const w = rule === 'pro-rata' ? r.plays : r.heardSeconds;
    const cur = byTrack.get(r.audioId);
    if (cur) cur.weight += w;
    else byTrack.set(r.audioId, { audioId: r.audioId, creatorId: r.creatorId, weight: w });
  }
  return [...byTrack.values()].filter((w) => w.weight > 0).sort((a, b) => byId(a.audioId, b.audioId));
}

export class MonthRun {
  private platform = 0;
  private reversalNet = 0;
  private listening = 0;
  private readonly seen = new Set<string>();
  /** Per track: the rule's subscription cents and the subscribers who gave them. */
  private readonly tracks = new Map<string, { creatorId: string; cents: number; subscribers: number }>();
  private readonly reversals = new Map<string, RunEntry>();
  private readonly proRataPlays = new Map<string, ListeningWeight>();
  private readonly creators = new Map<string, CreatorTotals>();
  /** What each payer's payment gave each creator (the tests compare a refund with it). */
  private readonly given = new Map<string, Map<string, number>>();

  constructor(private readonly input: MonthInput) {}

  private creator(id: string): CreatorTotals {
    let c = this.creators.get(id);
    if (!c) {
      c = {
        subscriptionCents: 0,
        adCents: 0,
        reversalCents: 0,
        proRataCents: 0,
        subscribers: 0,
        plays: 0,
        heardSeconds: 0,
      };
      this.creators.set(id, c);
    }
    return c;
  }

  /**
   * One paying account's whole month of listening (call once per account). A Family member who
   * also pays is two calls: their rows under the owner's plan, and their own payment split by
   * their own rows with `ownPayment` (ADR 0077), which pays creators but does not count the
   * listening again (plays, heard seconds, the pro-rata pool: the plays analytics shows, once).
   */
  addPayer(payer: string, rows: readonly PayerListening[], opts: { ownPayment?: boolean } = {}): void {
    const net = this.input.units.get(payer);
    if (net === undefined || net <= 0 || this.seen.has(payer)) return;
    this.seen.add(payer);
    for (const r of opts.ownPayment ? [] : rows) {
      const pr = this.proRataPlays.get(r.audioId);
      if (pr) pr.weight += r.plays;
      else this.proRataPlays.set(r.audioId, { audioId: r.audioId, creatorId: r.creatorId, weight: r.plays });
      const c = this.creator(r.creatorId);
      c.plays += r.plays;
      c.heardSeconds += r.heardSeconds;
    }
    if (this.input.rule === 'pro-rata') return;
    const split = splitSubscriber(net, this.input.platformShareBps, weightsFor(this.input.rule, rows));
    this.platform += split.platform + split.unallocated;
    if (split.shares.length > 0) this.listening++;
    const paidCreators = new Map<string, number>();
    for (const s of split.shares) {
      const key = s.audioId as string;
      const t = this.tracks.get(key) ?? { creatorId: s.creatorId, cents: 0, subscribers: 0 };
      t.cents += s.cents;
      t.subscribers++;
      this.tracks.set(key, t);
      this.creator(s.creatorId).subscriptionCents += s.cents;
      paidCreators.set(s.creatorId, (paidCreators.get(s.creatorId) ?? 0) + s.cents);
    }
    for (const id of paidCreators.keys()) this.creator(id).subscribers++;
    this.given.set(payer, paidCreators);
  }

  /** What `payer`'s payment of this month gave each creator, in cents (empty: nothing). */
  givenBy(payer: string): ReadonlyMap<string, number> {
    return this.given.get(payer) ?? new Map();
  }

  /** A refund of an earlier month's payment, booked in this month. */
  addReversal(r: ReversalInput): void {
    this.reversalNet += r.netCents;
    const weights = r.rule ? weightsFor(r.rule, r.listening) : [];
    const base = r.rule ? r.creatorsBaseCents : 0;
    // The base is the creators' part already: split among them alone, mirroring the allocation.
    const split = splitPool(base, weights);
    let creators = 0;
    for (const s of split.shares) {
      const key = `${r.paymentId}|${s.audioId}`;
      const e = this.reversals.get(key) ?? {
        creatorId: s.creatorId,
        audioId: s.audioId,
        source: 'subscriptions' as const,
        kind: 'reversal' as const,
        cents: 0,
        subscribers: 0,
        paymentId: r.paymentId,
      };
      e.cents += s.cents;
      this.reversals.set(key, e);
      this.creator(s.creatorId).reversalCents += s.cents;
      creators += s.cents;
    }
    this.platform += r.netCents - creators;
  }

  finish(): MonthOutcome {
    const { rule, platformShareBps, units, adCents } = this.input;
    let unitsNet = 0;
    for (const [payer, net] of units) {
      unitsNet += net;
      if (rule !== 'pro-rata' && !this.seen.has(payer)) this.platform += net;
    }
    let adNet = 0;
    for (const c of adCents.values()) adNet += c;
    const entries: RunEntry[] = [];

    // The counterfactual (and the pro-rata rule itself): everything pooled by plays.
    const pool = platformSplit(unitsNet + adNet, platformShareBps);
    const pooled = splitPool(
      pool.creators,
      [...this.proRataPlays.values()].sort((a, b) => byId(a.audioId, b.audioId)),
    );
    for (const s of pooled.shares) this.creator(s.creatorId).proRataCents += s.cents;

    if (rule === 'pro-rata') {
      this.platform += pool.platform + pooled.unallocated;
      const listened = new Set<string>();
      for (const s of pooled.shares) {
        entries.push({
          creatorId: s.creatorId,
          audioId: s.audioId,
          source: 'subscriptions',
          kind: 'allocation',
          cents: s.cents,
          subscribers: 0,
          paymentId: null,
        });
        this.creator(s.creatorId).subscriptionCents += s.cents;
        listened.add(s.creatorId);
      }
      this.listening = this.seen.size;
    } else {
      for (const [audioId, t] of this.tracks) {
        if (t.cents !== 0)
          entries.push({
            creatorId: t.creatorId,
            audioId,
            source: 'subscriptions',
            kind: 'allocation',
            cents: t.cents,
            subscribers: t.subscribers,
            paymentId: null,
          });
      }
      for (const [creatorId, cents] of adCents) {
        const split = platformSplit(cents, platformShareBps);
        this.platform += split.platform;
        if (split.creators !== 0) {
          entries.push({
            creatorId,
            audioId: null,
            source: 'ads',
            kind: 'allocation',
            cents: split.creators,
            subscribers: 0,
            paymentId: null,
          });
          this.creator(creatorId).adCents += split.creators;
        }
      }
    }
    for (const e of this.reversals.values()) if (e.cents !== 0) entries.push(e);

    const creatorsCents = entries.reduce((a, e) => a + e.cents, 0);
    const subscriptionNetCents = unitsNet + this.reversalNet;
    if (creatorsCents + this.platform !== subscriptionNetCents + adNet) {
      throw new Error(
        `earnings: the month does not add up (${creatorsCents} + ${this.platform} ≠ ${subscriptionNetCents} + ${adNet})`,
      );
    }
    for (const [id, c] of this.creators)
      if (c.subscriptionCents + c.adCents + c.reversalCents === 0 && c.proRataCents === 0) this.creators.delete(id);
    return {
      subscriptionNetCents,
      adNetCents: adNet,
      creatorsCents,
      platformCents: this.platform,
      subscribers: units.size,
      listeningSubscribers: this.listening,
      entries,
      creators: this.creators,
    };
  }
}
