import { COPYRIGHT_MESSAGES } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { auditLog } from '../../db/schema';
import { COPYRIGHT_RESTORE_JOB } from './jobs';

let t: TestApp;
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await signUp(t, { role: 'admin' });
  creator = await signUp(t, { role: 'creator' });
});
afterAll(() => t.close());

const call = (u: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: u ? { cookie: u.cookie } : {}, remoteAddress: testClientIp() });
const notice = (trackId: string) =>
  call(admin, 'POST', '/api/admin/copyright', {
    trackId,
    claimantName: 'Rita Rights',
    claimantEmail: 'rita@label.example',
    work: 'Summer Song (2024)',
  });
const advanceDays = (days: number) =>
  t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: days * 86_400_000 } });
const runSweep = () =>
  t.ctx.jobs.enqueue(COPYRIGHT_RESTORE_JOB, { at: new Date().toISOString() }).then(() => t.ctx.jobs.drain());
const actions = async (trackId: string) =>
  (await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, trackId))).map((e) => e.action).sort();

describe('copyright notices', () => {
  it('takes a track down, the owner counters once, and it is restored after 10 business days', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Summer Cover', isPublic: true });
    const res = await notice(track);
    expect(res.statusCode).toBe(200);
    const id = res.json().notice.id;
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);
    expect((await notice(track)).statusCode).toBe(409);

    await t.ctx.background.notifications?.idle();
    expect(JSON.stringify((await call(creator, 'GET', '/api/notifications')).json())).toContain(
      'copyright notice from Rita Rights (rita@label.example)',
    );
    const mine = (await call(creator, 'GET', '/api/moderation/copyright')).json().items;
    expect(mine[0]).toMatchObject({ id, status: 'takedown', work: 'Summer Song (2024)' });

    const other = await signUp(t);
    expect((await call(other, 'POST', `/api/moderation/copyright/${id}/counter`, { text: 'mine' })).statusCode).toBe(
      404,
    );
    const counter = await call(creator, 'POST', `/api/moderation/copyright/${id}/counter`, { text: 'I composed it.' });
    expect(counter.statusCode).toBe(200);
    expect(counter.json().notice.status).toBe('countered');
    const twice = await call(creator, 'POST', `/api/moderation/copyright/${id}/counter`, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(COPYRIGHT_MESSAGES.notInTakedown);

    // Not yet: 10 business days are at least 12 calendar days.
    await advanceDays(11);
    await runSweep();
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);
    await advanceDays(4);
    await runSweep();
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(200);
    const list = (await call(admin, 'GET', '/api/admin/copyright?status=restored')).json().items;
    expect(list.map((n: { id: string }) => n.id)).toContain(id);
    expect(await actions(track)).toEqual(['copyright.restore', 'copyright.takedown']);
    // A second sweep changes nothing.
    await runSweep();
    expect(await actions(track)).toEqual(['copyright.restore', 'copyright.takedown']);
  });

  it('keeps the track down when the claimant starts court action', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Disputed', isPublic: true });
    const id = (await notice(track)).json().notice.id;
    expect((await call(admin, 'POST', `/api/admin/copyright/${id}/court-action`)).statusCode).toBe(409);
    await call(creator, 'POST', `/api/moderation/copyright/${id}/counter`, { text: 'Mine.' });
    expect((await call(admin, 'POST', `/api/admin/copyright/${id}/court-action`)).statusCode).toBe(200);
    await advanceDays(30);
    await runSweep();
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);
    expect(await actions(track)).toEqual(['copyright.court_action', 'copyright.takedown']);
  });

  it('refuses bad input and non-admins', async () => {
    const track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Fine', isPublic: true });
    expect(
      (
        await call(admin, 'POST', '/api/admin/copyright', {
          trackId: track,
          claimantName: '',
          claimantEmail: 'x',
          work: 'w',
        })
      ).statusCode,
    ).toBe(400);
    expect((await notice('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (
        await call(creator, 'POST', '/api/admin/copyright', {
          trackId: track,
          claimantName: 'A',
          claimantEmail: 'a@b.co',
          work: 'w',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(200);
  });
});
