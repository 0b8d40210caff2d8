import type { Db } from '../src/db/client';
import { adBalances, adCampaigns } from '../src/db/schema';

/**
 * Test fixture: an active 300×250 display campaign with a $20 balance to pay for it, written as
 * review and a top-up leave them. Serving indexes must be told (`servingState(ctx).changed()`).
 */
export async function seedDisplayCampaign(
  db: Db,
  advertiserId: string,
  opts: { at: Date; cpmMicros: number; name?: string },
): Promise<string> {
  const { at } = opts;
  const [row] = await db
    .insert(adCampaigns)
    .values({
      advertiserId,
      name: opts.name ?? 'Display campaign',
      format: 'display',
      status: 'active',
      clickUrl: 'https://example.com/',
      categories: [],
      contentTypes: ['on-demand', 'live'],
      startsAt: new Date(at.getTime() - 60_000),
      totalBudgetMicros: 50_000_000,
      dailyBudgetMicros: 50_000_000,
      cpmMicros: opts.cpmMicros,
      creativeKey: `ads/${advertiserId}/banner.png`,
      creativeMime: 'image/png',
      creativeWidth: 300,
      creativeHeight: 250,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: adCampaigns.id });
  await db.insert(adBalances).values({ advertiserId, balanceMicros: 20_000_000 });
  return row.id;
}

/**
 * Test fixture: an active 20-second audio campaign (its creative as a check leaves it) and, when
 * `balanceMicros` is given, that balance booked for its advertiser.
 */
export async function seedAudioCampaign(
  db: Db,
  advertiserId: string,
  opts: {
    at: Date;
    cpmMicros: number;
    name?: string;
    totalBudgetMicros?: number;
    dailyBudgetMicros?: number;
    balanceMicros?: number;
  },
): Promise<string> {
  const { at } = opts;
  const [row] = await db
    .insert(adCampaigns)
    .values({
      advertiserId,
      name: opts.name ?? 'Audio campaign',
      format: 'audio',
      status: 'active',
      clickUrl: 'https://example.com/',
      categories: [],
      contentTypes: ['on-demand', 'live'],
      startsAt: new Date(at.getTime() - 60_000),
      totalBudgetMicros: opts.totalBudgetMicros ?? 50_000_000,
      dailyBudgetMicros: opts.dailyBudgetMicros ?? 50_000_000,
      cpmMicros: opts.cpmMicros,
      creativeKey: `ads/${advertiserId}/spot.m4a`,
      creativeMime: 'audio/mp4',
      creativeSeconds: 20,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: adCampaigns.id });
  if (opts.balanceMicros !== undefined) {
    await db.insert(adBalances).values({ advertiserId, balanceMicros: opts.balanceMicros }).onConflictDoNothing();
  }
  return row.id;
}
