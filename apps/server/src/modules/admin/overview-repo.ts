import { PLANS } from '@wavecast/shared';
import type { Database } from '../../db/client';

// The overview's figures, each one SQL count over the tables that hold it.

const int = (v: unknown) => Number(v ?? 0);

export async function accountsByRole(database: Database) {
  const rows = await database.query<{ role: string; n: string; suspended: string }>(
    `SELECT user_role AS role, count(*) AS n, count(suspended_at) AS suspended FROM users GROUP BY user_role`,
  );
  return rows.map((r) => ({ role: r.role, count: int(r.n), suspended: int(r.suspended) }));
}

/** Sign-ups per UTC day from `from` (midnight) to before `to`. */
export async function signupsPerDay(database: Database, from: Date, to: Date) {
  const rows = await database.query<{ day: string; n: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n
       FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
    [from.toISOString(), to.toISOString()],
  );
  return new Map(rows.map((r) => [r.day, int(r.n)]));
}

export async function trackTotals(database: Database) {
  const [row] = await database.query<{ n: string; seconds: string | null; bytes: string | null }>(
    `SELECT count(*) AS n, sum(duration) AS seconds, sum(audio_bytes) AS bytes FROM audio_content`,
  );
  return { tracks: int(row?.n), seconds: Number(row?.seconds ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function liveNow(database: Database) {
  const [row] = await database.query<{ n: string }>(
    `SELECT count(*) AS n FROM live_streams WHERE is_active AND ended_at IS NULL`,
  );
  return int(row?.n);
}

export async function playsSince(database: Database, since: Date, until: Date) {
  const [row] = await database.query<{ n: string }>(
    `SELECT count(*) AS n FROM listen_events WHERE created_at >= $1 AND created_at < $2`,
    [since.toISOString(), until.toISOString()],
  );
  return int(row?.n);
}

/** Waiting: queued and due; failed: out of attempts; the oldest waiting one's creation. */
export async function jobHealth(database: Database) {
  const [row] = await database.query<{ waiting: string; failed: string; oldest: Date | string | null }>(
    `SELECT count(*) FILTER (WHERE status = 'queued' AND run_at <= now()) AS waiting,
            count(*) FILTER (WHERE status = 'failed') AS failed,
            min(created_at) FILTER (WHERE status = 'queued' AND run_at <= now()) AS oldest
       FROM jobs`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).toISOString() : null;
  return { waiting: int(row?.waiting), failed: int(row?.failed), oldestWaitingAt: oldest };
}

/** Monthly recurring revenue: paying subscriptions (the card on file; trials and admin grants pay nothing) × price. */
export async function recurringRevenue(database: Database) {
  const rows = await database.query<{ plan_id: string; n: string }>(
    `SELECT plan_id, count(*) AS n FROM subscriptions
      WHERE source = 'stripe' AND status IN ('active', 'past_due') GROUP BY plan_id`,
  );
  let mrrCents = 0;
  let active = 0;
  for (const r of rows) {
    const plan = PLANS[r.plan_id as keyof typeof PLANS];
    mrrCents += (plan?.priceCents ?? 0) * int(r.n);
    active += int(r.n);
  }
  return { mrrCents, activeSubscriptions: active };
}

/** Money in minus refunds over the ledger since `since` (failed attempts moved nothing). */
export async function ledgerNet(database: Database, since: Date, until: Date) {
  const [row] = await database.query<{ net: string | null }>(
    `SELECT sum(amount_cents) AS net FROM payments
      WHERE kind IN ('paid', 'refunded') AND occurred_at >= $1 AND occurred_at < $2`,
    [since.toISOString(), until.toISOString()],
  );
  return int(row?.net);
}

/** The newest sign-ups and uploads, for the activity list. */
export async function recentPlatformEvents(database: Database, limit: number) {
  return database.query<{ kind: 'signup' | 'upload'; id: string; label: string | null; at: Date | string }>(
    `(SELECT 'signup' AS kind, id, coalesce(display_name, email::text) AS label, created_at AS at
        FROM users ORDER BY created_at DESC LIMIT $1)
     UNION ALL
     (SELECT 'upload' AS kind, id::text, title AS label, created_at AS at
        FROM audio_content ORDER BY created_at DESC LIMIT $1)
     ORDER BY at DESC LIMIT $1`,
    [limit],
  );
}
