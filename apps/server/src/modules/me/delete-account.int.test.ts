import { Readable } from 'node:stream';
import { AUTH_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.ctx.database.query<T>(sql, params);
const count = async (sql: string, params: unknown[]) => Number((await q<{ n: number }>(sql, params))[0].n);
const put = (key: string) => t.ctx.storage.put(key, Readable.from(Buffer.from(key)));

async function track(userId: string, title: string) {
  const audioKey = `audio/${userId}/${title}.mp3`;
  const coverKey = `covers/${userId}/${title}.png`;
  await put(audioKey);
  await put(coverKey);
  const [row] = await q<{ id: string }>(
    `INSERT INTO audio_content (user_id, title, audio_key, audio_mime, audio_bytes, cover_key, status, like_count)
     VALUES ($1, $2, $3, 'audio/mpeg', 10, $4, 'ready', 0) RETURNING id`,
    [userId, title, audioKey, coverKey],
  );
  return row.id;
}

describe('delete account', () => {
  it('removes the account, its sessions, content and files; keeps plays anonymised', async () => {
    const gone = await signUp(t, { role: 'creator' });
    const other = await signUp(t, { role: 'creator' });

    const ownTrack = await track(gone.id, 'mine');
    const othersTrack = await track(other.id, 'theirs');
    // Their likes, comments, follows, playlists, plays, a live stream, notifications, mail, avatar.
    await q('INSERT INTO likes (user_id, audio_id) VALUES ($1, $2)', [gone.id, othersTrack]);
    await q('INSERT INTO likes (user_id, audio_id) VALUES ($1, $2)', [other.id, othersTrack]);
    await q('UPDATE audio_content SET like_count = 2 WHERE id = $1', [othersTrack]);
    await q(`INSERT INTO comments (audio_id, user_id, content) VALUES ($1, $2, 'nice')`, [othersTrack, gone.id]);
    await q(`INSERT INTO comments (audio_id, user_id, content) VALUES ($1, $2, 'thanks')`, [ownTrack, other.id]);
    await q('INSERT INTO follows (follower_id, following_id) VALUES ($1, $2), ($2, $1)', [gone.id, other.id]);
    await q(`INSERT INTO playlists (user_id, name, cover_key) VALUES ($1, 'mix', $2)`, [
      gone.id,
      'playlist-covers/p1/cover.png',
    ]);
    await put('playlist-covers/p1/cover.png');
    await q('INSERT INTO listen_events (audio_id, user_id, seconds_listened) VALUES ($1, $2, 40)', [
      othersTrack,
      gone.id,
    ]);
    await q(`INSERT INTO live_streams (user_id, title, category, is_active) VALUES ($1, 'live now', 'Music', true)`, [
      gone.id,
    ]);
    await q(`INSERT INTO notifications (user_id, type, actor_id, title) VALUES ($1, 'follow', $2, 'x followed you')`, [
      other.id,
      gone.id,
    ]);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: gone.email },
      remoteAddress: testClientIp(),
    });
    await t.ctx.jobs.drain();
    await put(`avatars/${gone.id}/a.png`);

    const events: string[] = [];
    const unsubscribe = t.ctx.bus.subscribe((m) =>
      events.push(`${m.topic} ${m.event}${(m.data as { takenDown?: true }).takenDown ? ' (taken down)' : ''}`),
    );

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: gone.cookie },
      payload: { password: gone.password },
    });
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, filesRemoved: 4 });
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => /^better-auth\.session_token=;.*Max-Age=0/.test(c))).toBe(true);

    // Signed out everywhere, and cannot sign in again.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: gone.cookie } })).json().user).toBeNull();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: gone.email, password: gone.password },
      remoteAddress: testClientIp(),
    });
    expect(signIn.statusCode).toBe(401);

    for (const [table, column] of [
      ['users', 'id'],
      ['auth_users', 'id'],
      ['auth_sessions', 'user_id'],
      ['auth_accounts', 'user_id'],
      ['audio_content', 'user_id'],
      ['likes', 'user_id'],
      ['comments', 'user_id'],
      ['follows', 'follower_id'],
      ['follows', 'following_id'],
      ['playlists', 'user_id'],
      ['live_streams', 'user_id'],
      ['listen_events', 'user_id'],
      ['notifications', 'actor_id'],
      ['auth_verifications', 'value'],
    ]) {
      expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [gone.id]), table).toBe(0);
    }
    expect(await count('SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1', [gone.email])).toBe(0);
    // The other user's comment on the deleted track went with the track; their like count is honest.
    expect(await count('SELECT count(*)::int AS n FROM comments WHERE user_id = $1', [other.id])).toBe(0);
    expect(
      (await q<{ c: number }>('SELECT like_count AS c FROM audio_content WHERE id = $1', [othersTrack]))[0].c,
    ).toBe(1);
    // The play stays, anonymised.
    expect(
      await count('SELECT count(*)::int AS n FROM listen_events WHERE audio_id = $1 AND user_id IS NULL', [
        othersTrack,
      ]),
    ).toBe(1);
    // Files: theirs are gone, the other user's stay.
    expect(await t.ctx.storage.list(`audio/${gone.id}/`)).toEqual([]);
    expect(await t.ctx.storage.list(`covers/${gone.id}/`)).toEqual([]);
    expect(await t.ctx.storage.list(`avatars/${gone.id}/`)).toEqual([]);
    expect(await t.ctx.storage.list('playlist-covers/p1/')).toEqual([]);
    expect(await t.ctx.storage.list(`audio/${other.id}/`)).toHaveLength(1);
    // The other user is untouched.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other.cookie } })).json().user.id).toBe(other.id);
    // A live broadcast was ended for its listeners.
    expect(events.some((e) => e.endsWith('live.ended (taken down)'))).toBe(true);
  });

  it('needs a session and a same-origin request', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me' })).statusCode).toBe(401);
    const u = await signUp(t);
    const cross = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user.id).toBe(u.id);
  });
});

describe('delete account asks for the password again', () => {
  const del = (cookie: string, payload?: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie }, payload, remoteAddress: testClientIp() });
  const stillThere = async (u: { id: string; cookie: string }) =>
    (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user?.id === u.id &&
    (await count('SELECT count(*)::int AS n FROM auth_users WHERE id = $1', [u.id])) === 1;

  it('a wrong or missing password deletes nothing, with a clear message', async () => {
    const u = await signUp(t);
    const wrong = await del(u.cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.deletePasswordIncorrect });
    const missing = await del(u.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(AUTH_MESSAGES.deletePasswordRequired);
    expect(await stillThere(u)).toBe(true);
  });

  it('wrong passwords count against the account like sign-in', async () => {
    const u = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await del(u.cookie, { password: `guess-${i}` })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await del(u.cookie, { password: u.password })).statusCode).toBe(429);
    expect(await stillThere(u)).toBe(true);
  });

  it('an account without a password (made through a provider) types its email within 15 minutes of signing in', async () => {
    const u = await signUp(t);
    await q(`DELETE FROM auth_accounts WHERE user_id = $1 AND provider_id = 'credential'`, [u.id]);
    const typo = await del(u.cookie, { email: 'someone-else@test.local' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.message).toBe(AUTH_MESSAGES.deleteEmailMismatch);
    await q(`UPDATE auth_sessions SET created_at = now() - interval '16 minutes' WHERE user_id = $1`, [u.id]);
    const stale = await del(u.cookie, { email: u.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.message).toBe(AUTH_MESSAGES.deleteNeedsRecentSignIn);
    expect(await stillThere(u)).toBe(true);

    await q(`UPDATE auth_sessions SET created_at = now() WHERE user_id = $1`, [u.id]);
    const ok = await del(u.cookie, { email: u.email.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM auth_users WHERE id = $1', [u.id])).toBe(0);
  });
});
