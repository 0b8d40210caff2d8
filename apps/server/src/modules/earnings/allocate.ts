/**
 * The revenue-share rules as pure functions over integer cents (ADR 0053). Every split is by
 * largest remainder, so the parts always add up to the whole, to the cent; the month close
 * (close.ts) feeds them from SQL aggregates one listener at a time.
 */

/**
 * Splits `total` (an integer, may be negative) by integer `weights` ≥ 0: each part is the floor of
 * its exact share, and the cents left over go one each to the largest fractional remainders (ties:
 * the earlier index). A negative total is split as its opposite and negated, so a full reversal is
 * the exact mirror of its allocation. All weights 0: every part 0 except the remainder, which is
 * returned as `unallocated`.
 */
export function largestRemainder(total: number, weights: readonly number[]): { parts: number[]; unallocated: number } {
  if (!Number.isSafeInteger(total)) throw new RangeError('total must be a safe integer');
  if (total < 0) {
    const r = largestRemainder(-total, weights);
    return { parts: r.parts.map((p) => (p === 0 ? 0 : -p)), unallocated: r.unallocated === 0 ? 0 : -r.unallocated };
  }
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total === 0) return { parts: weights.map(() => 0), unallocated: total };
  const parts: number[] = new Array(weights.length);
  const rems: (number | bigint)[] = new Array(weights.length);
  let given = 0;
  for (const w of weights)
    if (w < 0 || !Number.isSafeInteger(w)) throw new RangeError('weights must be safe integers ≥ 0');
  if ((total + 1) * sum <= Number.MAX_SAFE_INTEGER) {
    // Every product below 2^53: plain numbers are exact (the common case, and far faster). The
    // float quotient may round across an integer: the remainder's sign puts it back.
    for (let i = 0; i < weights.length; i++) {
      const exact = total * (weights[i] ?? 0);
      let q = Math.floor(exact / sum);
      let rem = exact - q * sum;
      if (rem < 0) {
        q--;
        rem += sum;
      } else if (rem >= sum) {
        q++;
        rem -= sum;
      }
      parts[i] = q;
      rems[i] = rem;
      given += q;
    }
  } else {
    // BigInt: total × weight may pass 2^53 (a month's pool × millions of plays).
    const T = BigInt(total);
    const S = BigInt(sum);
    for (let i = 0; i < weights.length; i++) {
      const exact = T * BigInt(weights[i] ?? 0);
      const q = exact / S;
      parts[i] = Number(q);
      rems[i] = exact - q * S;
      given += parts[i] as number;
    }
  }
  let left = total - given;
  if (left > 0) {
    const order = weights.map((_, i) => i).filter((i) => (weights[i] ?? 0) > 0);
    order.sort((a, b) => {
      const ra = rems[a] as number | bigint;
      const rb = rems[b] as number | bigint;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
    for (const i of order) {
      if (left === 0) break;
      parts[i] = (parts[i] as number) + 1;
      left--;
    }
  }
  return { parts, unallocated: 0 };
}

/** A unit of revenue split between the platform and creators: the platform's part first. */
export function platformSplit(netCents: number, platformShareBps: number): { platform: number; creators: number } {
  if (netCents <= 0) return { platform: netCents, creators: 0 }; // fees beyond the payment: the platform bears them
  const [platform = 0, creators = 0] = largestRemainder(netCents, [platformShareBps, 10_000 - platformShareBps]).parts;
  return { platform, creators };
}

/** One listener's (or one pooled month's) qualified listening of one track. */
export interface ListeningWeight {
  audioId: string;
  creatorId: string;
  /** The rule's weight: heard seconds (user-centric), capped long plays (hybrid), plays (pro-rata). */
  weight: number;
}

export interface Share {
  audioId: string | null;
  creatorId: string;
  cents: number;
}

/**
 * User-centric (and hybrid): one subscriber's net payment for the month, split between the
 * platform and the tracks that subscriber heard, by that subscriber's own weights. With no
 * listening, the creators' part stays with the platform (`unallocated`).
 */
export function splitSubscriber(
  netCents: number,
  platformShareBps: number,
  listening: readonly ListeningWeight[],
): { platform: number; unallocated: number; shares: Share[] } {
  const { platform, creators } = platformSplit(netCents, platformShareBps);
  const { parts, unallocated } = largestRemainder(
    creators,
    listening.map((l) => l.weight),
  );
  const shares: Share[] = [];
  listening.forEach((l, i) => {
    const cents = parts[i] ?? 0;
    if (cents !== 0) shares.push({ audioId: l.audioId, creatorId: l.creatorId, cents });
  });
  return { platform, unallocated, shares };
}

/**
 * A reversal: the negative net of a refund (or chargeback) split by the listening of the month its
 * payment was allocated in, so the creators give back what that payment gave them (exactly, for a
 * full refund of a payment allocated alone). The platform keeps the processor's fee it paid.
 */
export const splitReversal = splitSubscriber;

/**
 * Pro-rata: the month's whole creators' pool split by plays across every track. Also the
 * counterfactual the statements show beside the rule in force.
 */
export function splitPool(
  poolCents: number,
  plays: readonly ListeningWeight[],
): { shares: Share[]; unallocated: number } {
  const { parts, unallocated } = largestRemainder(
    poolCents,
    plays.map((p) => p.weight),
  );
  const shares: Share[] = [];
  plays.forEach((p, i) => {
    const cents = parts[i] ?? 0;
    if (cents !== 0) shares.push({ audioId: p.audioId, creatorId: p.creatorId, cents });
  });
  return { shares, unallocated };
}

/** Ad revenue: micro-dollars per creator → cents, the month's total floored, split by largest remainder. */
export function adCentsByCreator(micros: ReadonlyMap<string, number>): {
  cents: Map<string, number>;
  totalCents: number;
} {
  const ids = [...micros.keys()];
  const totalMicros = ids.reduce((a, id) => a + (micros.get(id) ?? 0), 0);
  const totalCents = Math.floor(totalMicros / 10_000);
  const { parts } = largestRemainder(
    totalCents,
    ids.map((id) => Math.max(0, micros.get(id) ?? 0)),
  );
  return { cents: new Map(ids.map((id, i) => [id, parts[i] ?? 0])), totalCents };
}

/** Code-unit order of ids (PostgreSQL's order of the same uuids): ties in a split go to the earlier. */
export const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Hybrid weights for ONE listener (a Family plan's members each have their own cap): long plays
 * (≥ 30 s heard) counted in day order up to `cap`; the day that reaches the cap gives what was left
 * of it in proportion to that day's long plays, by largest remainder (ties: the smaller track id),
 * so a track looped late in the month cannot take the share of what was heard before. Integer
 * capped plays per track, in track id order, so members' weights simply add up.
 */
export function hybridWeights(
  days: readonly { day: string; audioId: string; creatorId: string; longPlays: number }[],
  cap: number,
): ListeningWeight[] {
  const byDay = new Map<string, (typeof days)[number][]>();
  for (const d of days) {
    const list = byDay.get(d.day);
    if (list) list.push(d);
    else byDay.set(d.day, [d]);
  }
  const out = new Map<string, ListeningWeight>();
  const add = (d: (typeof days)[number], w: number) => {
    if (w === 0) return;
    const cur = out.get(d.audioId);
    if (cur) cur.weight += w;
    else out.set(d.audioId, { audioId: d.audioId, creatorId: d.creatorId, weight: w });
  };
  let before = 0;
  for (const day of [...byDay.keys()].sort()) {
    const rows = (byDay.get(day) ?? []).sort((a, b) => byId(a.audioId, b.audioId));
    const total = rows.reduce((a, d) => a + d.longPlays, 0);
    if (before + total <= cap) {
      for (const d of rows) add(d, d.longPlays);
      before += total;
      continue;
    }
    const { parts } = largestRemainder(
      cap - before,
      rows.map((d) => d.longPlays),
    );
    for (const [i, d] of rows.entries()) add(d, parts[i] ?? 0);
    break;
  }
  return [...out.values()].sort((a, b) => byId(a.audioId, b.audioId));
}
