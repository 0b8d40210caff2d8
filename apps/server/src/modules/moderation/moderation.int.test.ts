import { MODERATION_MESSAGES } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { auditLog, comments, reports, users } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Root' });
  creator = await signUp(t, { role: 'creator', name: 'Cre Ator' });
  listener = await signUp(t, { name: 'Lis Tener' });
});
afterAll(() => t.close());

const call = (u: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  // Each call from its own address: reports are rate limited per client (not what these tests are about).
  t.app.inject({ method, url, payload, headers: u ? { cookie: u.cookie } : {}, remoteAddress: testClientIp() });
const report = (u: TestUser, targetType: string, targetId: string, reason = 'spam', details?: string) =>
  call(u, 'POST', '/api/reports', { targetType, targetId, reason, details });
const auditOf = (targetId: string) => t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const queue = async (q = '') => (await call(admin, 'GET', `/api/admin/reports?${q}`)).json().items;

describe('reports', () => {
  it('files a report on an existing item; 404 on a missing one; 400 on bad input', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Reportable', isPublic: true });
    const res = await report(listener, 'track', track, 'copyright', 'Not theirs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MODERATION_MESSAGES.reportSent, created: true });
    expect((await report(listener, 'track', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(listener, 'track', 'not-a-uuid')).statusCode).toBe(404);
    expect((await report(listener, 'profile', 'nobody')).statusCode).toBe(404);
    expect((await report(listener, 'comment', track)).statusCode).toBe(404);
    expect((await report(listener, 'track', track, 'boredom')).statusCode).toBe(400);
    expect((await report(listener, 'track', track, 'spam', 'a\u0000b')).statusCode).toBe(400);
    expect((await report(listener, 'track', track, 'spam', 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await report(creator, 'track', track)).statusCode).toBe(400);
    expect(
      (await call(null, 'POST', '/api/reports', { targetType: 'track', targetId: track, reason: 'spam' })).statusCode,
    ).toBe(401);
    // A private track does not exist for others.
    const hidden = await seedTrack(t.ctx.database.db, creator.id, { title: 'Private', isPublic: false });
    expect((await report(listener, 'track', hidden)).statusCode).toBe(404);
  });

  it('counts 50 reports of one item by one account once', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Fifty', isPublic: true });
    const eager = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(eager, 'track', track, 'spam')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.filter((r) => r.json().created)).toHaveLength(1);
    const rows = await t.ctx.database.db.select().from(reports).where(eq(reports.targetId, track));
    expect(rows).toHaveLength(1);
    const group = (await queue()).find((g: { targetId: string }) => g.targetId === track);
    expect(group.count).toBe(1);
  });

  it('groups reports of one item, with the most severe level, filtered by type and severity', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Grouped', isPublic: true });
    const other = await signUp(t);
    await report(listener, 'track', track, 'spam');
    await report(other, 'track', track, 'hate', 'slurs in the intro');
    const group = (await queue('targetType=track')).find((g: { targetId: string }) => g.targetId === track);
    expect(group).toMatchObject({
      count: 2,
      severity: 'severe',
      targetLabel: 'Grouped',
      link: `/audio/${track}`,
      owner: { id: creator.id, email: creator.email },
      details: ['slurs in the intro'],
      status: 'open',
    });
    expect(group.reasons.sort()).toEqual(['hate', 'spam']);
    expect((await queue('severity=severe')).some((g: { targetId: string }) => g.targetId === track)).toBe(true);
    expect((await queue('severity=minor')).some((g: { targetId: string }) => g.targetId === track)).toBe(false);
    expect((await queue('targetType=comment')).some((g: { targetId: string }) => g.targetId === track)).toBe(false);
    expect((await call(admin, 'GET', '/api/admin/reports?severity=huge')).statusCode).toBe(400);
  });
});

describe('admin actions on reports', () => {
  it('dismisses all reports of the item with one audit entry; a second action is 409', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Dismissable', isPublic: true });
    await report(listener, 'track', track);
    await report(await signUp(t), 'track', track);
    const g = (await queue()).find((x: { targetId: string }) => x.targetId === track);
    const res = await call(admin, 'POST', `/api/admin/reports/${g.reportId}/dismiss`);
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.database.db.select().from(reports).where(eq(reports.targetId, track));
    expect(rows.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    expect(await auditOf(track)).toHaveLength(1);
    const again = await call(admin, 'POST', `/api/admin/reports/${g.reportId}/remove`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.reportHandled);
    expect(await auditOf(track)).toHaveLength(1);
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(200);
  });

  it('removes a track: hidden (404) to the public, its owner notified, one appeal, restored by an admin', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Removable', isPublic: true });
    await report(listener, 'track', track, 'copyright');
    const g = (await queue()).find((x: { targetId: string }) => x.targetId === track);
    const res = await call(admin, 'POST', `/api/admin/reports/${g.reportId}/remove`);
    expect(res.statusCode).toBe(200);
    const removalId = res.json().removalId;
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/tracks/${track}/stream`)).statusCode).toBe(404);
    expect((await call(listener, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);
    expect((await call(creator, 'GET', `/api/tracks/${track}`)).statusCode).toBe(200);
    expect(JSON.stringify((await call(null, 'GET', '/api/search?q=Removable')).json())).not.toContain(track);

    await t.ctx.background.notifications?.idle();
    const notes = (await call(creator, 'GET', '/api/notifications')).json();
    expect(JSON.stringify(notes)).toContain('was removed for breaking the Community Guidelines');

    const mine = (await call(creator, 'GET', '/api/moderation/removals')).json().items;
    expect(mine[0]).toMatchObject({ id: removalId, targetId: track, label: 'Removable', appealedAt: null });
    expect(
      (await call(listener, 'POST', `/api/moderation/removals/${removalId}/appeal`, { text: 'mine' })).statusCode,
    ).toBe(404);
    expect((await call(creator, 'POST', `/api/moderation/removals/${removalId}/appeal`, { text: '' })).statusCode).toBe(
      400,
    );
    const appeal = await call(creator, 'POST', `/api/moderation/removals/${removalId}/appeal`, {
      text: 'I own the rights',
    });
    expect(appeal.statusCode).toBe(200);
    const twice = await call(creator, 'POST', `/api/moderation/removals/${removalId}/appeal`, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(MODERATION_MESSAGES.alreadyAppealed);

    const appeals = (await call(admin, 'GET', '/api/admin/removals/appeals')).json().items;
    expect(appeals.find((a: { id: string }) => a.id === removalId)).toMatchObject({ appealText: 'I own the rights' });
    expect((await call(admin, 'POST', `/api/admin/removals/${removalId}/restore`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/admin/removals/${removalId}/restore`)).statusCode).toBe(409);
    expect((await auditOf(track)).map((e) => e.action).sort()).toEqual(['removal.restore', 'report.remove']);
  });

  it('removes a comment (deleted, its text kept for the record)', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Commented', isPublic: true });
    const posted = await call(listener, 'POST', `/api/tracks/${track}/comments`, { content: 'rude words' });
    expect(posted.statusCode).toBeLessThan(300);
    const commentId = posted.json().id;
    expect((await report(creator, 'comment', commentId, 'harassment')).statusCode).toBe(200);
    const g = (await queue('targetType=comment')).find((x: { targetId: string }) => x.targetId === commentId);
    expect(g.targetLabel).toBe('rude words');
    expect((await call(admin, 'POST', `/api/admin/reports/${g.reportId}/remove`)).statusCode).toBe(200);
    expect(await t.ctx.database.db.select().from(comments).where(eq(comments.id, commentId))).toEqual([]);
    expect(await auditOf(commentId)).toHaveLength(1);
  });

  it("suspends the owner (step-up) with one audit entry; profiles can't be removed", async () => {
    const bad = await signUp(t, { name: 'Bad Actor' });
    await report(listener, 'profile', bad.id, 'impersonation');
    const g = (await queue('targetType=profile')).find((x: { targetId: string }) => x.targetId === bad.id);
    expect((await call(admin, 'POST', `/api/admin/reports/${g.reportId}/remove`)).statusCode).toBe(400);
    const res = await call(admin, 'POST', `/api/admin/reports/${g.reportId}/suspend`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, bad.id));
    expect(row.suspendedAt).not.toBeNull();
    expect((await call(bad, 'GET', '/api/me/profile')).statusCode).toBe(401);
    expect(await auditOf(bad.id)).toHaveLength(1);
    expect((await auditOf(bad.id))[0].action).toBe('report.suspend');
  });

  it('is for admins only; unknown reports are 404', async () => {
    expect(
      (await call(admin, 'POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss')).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', '/api/admin/reports/x/explode')).statusCode).toBe(400);
    for (const [m, url] of [
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss'],
      ['GET', '/api/admin/removals/appeals'],
      ['POST', '/api/admin/removals/00000000-0000-4000-8000-000000000000/restore'],
    ] as const) {
      expect((await call(creator, m, url)).statusCode).toBe(403);
    }
  });
});
