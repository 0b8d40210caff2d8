import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { follows, liveChatMessages, liveStreams } from '../../db/schema';
import * as liveRepo from '../live/repo';

let t: TestApp;
let creator: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { name: 'Streamer', role: 'creator' });
  fans = [await signUp(t, { name: 'F1' }), await signUp(t, { name: 'F2' })];
});
afterAll(() => t.close());

describe('live stream figures', () => {
  it('peak, average concurrent listeners, minutes listened, chat messages and followers gained on air', async () => {
    const db = t.ctx.database.db;
    const now = t.ctx.clock.now().getTime();
    const at = (min: number) => new Date(now + min * 60_000);
    const [s] = await db
      .insert(liveStreams)
      .values({ userId: creator.id, title: 'Live show', category: 'talk', isActive: true, onAirAt: at(-10) })
      .returning();
    const id = s?.id as string;
    // Per-minute samples (the highest of a minute wins): 2, 4 (3 later that minute), 6, 4.
    for (const [viewers, min] of [
      [2, -9],
      [4, -7],
      [3, -7],
      [6, -5],
      [4, -3],
    ] as const) {
      await liveRepo.setViewers(db, id, viewers);
      await liveRepo.sampleListeners(db, [id], at(min));
    }
    await db
      .update(liveStreams)
      .set({ isActive: false, endedAt: at(0) })
      .where(eq(liveStreams.id, id));
    await db.insert(liveChatMessages).values([
      { streamId: id, userId: fans[0]?.id, content: 'hi' },
      { streamId: id, userId: fans[1]?.id, content: 'hello' },
      { streamId: id, userId: fans[1]?.id, content: 'spam', deletedAt: at(-1) },
    ]);
    await db.insert(follows).values([
      { followerId: fans[0]?.id as string, followingId: creator.id, createdAt: at(-5) }, // during
      { followerId: fans[1]?.id as string, followingId: creator.id, createdAt: at(-30) }, // before
    ]);
    // Another creator's stream never shows.
    const other = await signUp(t, { name: 'Other', role: 'creator' });
    await db.insert(liveStreams).values({ userId: other.id, title: 'Not mine', category: 'talk', onAirAt: at(-5) });

    const res = await t.app.inject({ url: '/api/analytics?days=7', headers: { cookie: creator.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().live).toEqual([
      {
        streamId: id,
        title: 'Live show',
        startedAt: at(-10).toISOString(),
        endedAt: at(0).toISOString(),
        peakListeners: 6,
        avgListeners: 4,
        minutesListened: 40,
        chatMessages: 2,
        followersGained: 1,
      },
    ]);
  });
});
