import { csvRow, type TCreatorStatement } from '@wavecast/shared';
import { presentPayout } from '../payouts/presenter';
import type { statementsService } from './service';

type Service = ReturnType<typeof statementsService>;
const money = (cents: number) => (cents / 100).toFixed(2);

export function presentStatement(s: Awaited<ReturnType<Service['statement']>>): TCreatorStatement {
  return { ...s, payouts: s.payouts.map(presentPayout) };
}

/**
 * The statement CSV, line by line: one `month` row per closed month (by source, the counterfactual,
 * its state), then its `track` rows. Text cells go through csvRow (quoted, formulas defused).
 */
export function* statementCsv(months: Awaited<ReturnType<Service['allMonths']>>): Generator<string> {
  const row = (...f: (string | number | null)[]) => `${csvRow(f)}\r\n`;
  yield row(
    'record',
    'month',
    'rule',
    'track_id',
    'track',
    'earned_usd',
    'subscriptions_usd',
    'ads_usd',
    'reversals_usd',
    'pro_rata_usd',
    'subscribers',
    'plays',
    'heard_seconds',
    'state',
  );
  for (const m of months) {
    yield row(
      'month',
      m.month,
      m.rule,
      null,
      null,
      money(m.earnedCents),
      money(m.subscriptionCents),
      money(m.adCents),
      money(m.reversalCents),
      money(m.proRataCents),
      m.subscribers,
      m.plays,
      m.heardSeconds,
      m.state,
    );
    for (const t of m.tracks)
      yield row(
        'track',
        m.month,
        m.rule,
        t.audioId,
        t.title ?? 'Deleted track',
        money(t.subscriptionCents + t.reversalCents),
        money(t.subscriptionCents),
        null,
        money(t.reversalCents),
        null,
        t.subscribers,
        t.plays,
        t.heardSeconds,
        null,
      );
  }
}
