import type { PayeeKind } from '@wavecast/shared';
import type { Db } from '../../db/client';
import type { PayoutRow } from './repo';

/**
 * What the payout rail asks of the domain a payee kind belongs to (ADR 0054). The payouts module
 * knows no ledger: each kind registers, when its module loads, how a paid payout is recorded in its
 * own ledger and which of its payees' money an admin should look at before paying.
 */
export interface PayeeKindHooks {
  /** Wording on PayPal's "note to recipient". */
  note: string;
  /** In the payout's transaction, when it is marked paid (e.g. the affiliate ledger's `paid` entries). */
  markPaid?: (tx: Db, payout: PayoutRow, at: Date) => Promise<void>;
  /** Per payee: how many of its items are held for review (affiliates: flagged referrals). */
  heldCounts?: (db: Db, payeeIds: string[]) => Promise<Map<string, number>>;
}

const kinds = new Map<PayeeKind, PayeeKindHooks>();

export function registerPayeeKind(kind: PayeeKind, hooks: PayeeKindHooks) {
  kinds.set(kind, hooks);
}

export const payeeKind = (kind: PayeeKind): PayeeKindHooks => kinds.get(kind) ?? { note: 'Wavecast payout' };
