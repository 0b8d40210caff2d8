import type { AdReportReason } from '@wavecast/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adCampaigns, adReports, adServeErrors, users } from '../../db/schema';

/** A listener's report; false when they had reported this campaign already (nothing changes). */
export async function insertReport(
  db: Db,
  row: {
    campaignId: string;
    serveId: string;
    reporterKey: string;
    reason: AdReportReason;
    details: string | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db.insert(adReports).values(row).onConflictDoNothing().returning({ id: adReports.id });
  return inserted.length > 0;
}

/** Reported campaigns, most recently reported first, with counts per reason and the latest details. */
export async function reportSummaries(db: Db, limit = 200) {
  return db
    .select({
      campaignId: adCampaigns.id,
      campaignName: adCampaigns.name,
      status: adCampaigns.status,
      advertiserId: users.id,
      displayName: users.displayName,
      email: users.email,
      reports: sql<number>`count(*)::int`,
      reasons: sql<Record<string, number>>`(SELECT jsonb_object_agg(x.reason, x.n) FROM (
        SELECT r2.reason, count(*)::int AS n FROM ${adReports} r2 WHERE r2.campaign_id = ${adCampaigns.id}
         GROUP BY r2.reason) x)`,
      lastDetails: sql<string[]>`coalesce((array_agg(${adReports.details} ORDER BY ${adReports.createdAt} DESC)
        FILTER (WHERE ${adReports.details} IS NOT NULL))[1:5], '{}')`,
      lastReportedAt: sql<Date | string>`max(${adReports.createdAt})`,
    })
    .from(adReports)
    .innerJoin(adCampaigns, eq(adCampaigns.id, adReports.campaignId))
    .innerJoin(users, eq(users.id, adCampaigns.advertiserId))
    .groupBy(adCampaigns.id, users.id)
    .orderBy(desc(sql`max(${adReports.createdAt})`))
    .limit(limit);
}

/** The first error code a player reported for a serve; false when one was recorded already. */
export async function recordServeError(
  db: Db,
  row: { serveId: string; campaignId: string; code: number; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(adServeErrors)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: adServeErrors.serveId });
  return inserted.length > 0;
}

export async function findServeError(db: Db, serveId: string) {
  const [r] = await db.select().from(adServeErrors).where(eq(adServeErrors.serveId, serveId));
  return r;
}
