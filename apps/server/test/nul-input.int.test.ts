import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioPart, filesUnder, makeAudio, multipartBody } from '../src/modules/tracks/testing';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from './helpers';
import { seedTrack } from './seed-track';

// PostgreSQL refuses NUL in text with an encoding error: every route must answer 400 and change nothing.
let t: TestApp;
let creator: TestUser;
let admin: TestUser;
let listener: TestUser;
let trackId: string;
let playlistId: string;
let streamId: string;
let upload: { body: Buffer; contentType: string };
let tmp: string;

const NUL = '\u0000';
const ENC = '%00';

/** A fingerprint of every table's rows: unchanged data means unchanged fingerprints. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.ctx.database.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    // A session's last-seen time is bookkeeping of the request itself (any request, refused or not).
    const [row] = await t.ctx.database.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at')::text, '|' ORDER BY (to_jsonb(x) - 'last_seen_at')::text), '')) AS h FROM "${tablename}" x`,
    );
    out[tablename] = row.h;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator' });
  admin = await signUp(t, { role: 'admin' });
  listener = await signUp(t);
  trackId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Track' });
  const playlist = await t.app.inject({
    method: 'POST',
    url: '/api/playlists',
    headers: { cookie: listener.cookie },
    payload: { name: 'Mine' },
  });
  expect(playlist.statusCode, playlist.body).toBe(201);
  playlistId = playlist.json().playlist?.id ?? playlist.json().id;
  const stream = await t.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: creator.cookie },
    payload: { title: 'Live', category: 'Music' },
  });
  expect(stream.statusCode, stream.body).toBe(201);
  streamId = stream.json().id;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-nul-'));
  upload = multipartBody({ title: `Bad${NUL}title` }, [await audioPart(await makeAudio(tmp, 'mp3', 1))]);
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

type Case = [label: string, who: () => TestUser | null, method: string, url: () => string, payload?: () => unknown];
const as = (u: () => TestUser) => u;

const cases: Case[] = [
  // profile
  ['profile displayName', as(() => listener), 'PUT', () => '/api/me/profile', () => ({ displayName: `a${NUL}b` })],
  ['profile bio', as(() => listener), 'PUT', () => '/api/me/profile', () => ({ bio: `a${NUL}` })],
  ['profile website', as(() => listener), 'PUT', () => '/api/me/profile', () => ({ website: `https://x.test/${NUL}` })],
  // playlists
  ['playlist create name', as(() => listener), 'POST', () => '/api/playlists', () => ({ name: `p${NUL}` })],
  ['playlist rename', as(() => listener), 'PATCH', () => `/api/playlists/${playlistId}`, () => ({ name: `p${NUL}` })],
  [
    'playlist description',
    as(() => listener),
    'PATCH',
    () => `/api/playlists/${playlistId}`,
    () => ({ description: `d${NUL}` }),
  ],
  ['playlist id', as(() => listener), 'GET', () => `/api/playlists/${ENC}`],
  [
    'playlist add track id',
    as(() => listener),
    'POST',
    () => `/api/playlists/${playlistId}/tracks`,
    () => ({ trackId: NUL }),
  ],
  // tracks
  ['track title', as(() => creator), 'PATCH', () => `/api/tracks/${trackId}`, () => ({ title: `t${NUL}` })],
  ['track description', as(() => creator), 'PATCH', () => `/api/tracks/${trackId}`, () => ({ description: `d${NUL}` })],
  ['track tags', as(() => creator), 'PATCH', () => `/api/tracks/${trackId}`, () => ({ tags: [`x${NUL}`] })],
  ['track id', () => null, 'GET', () => `/api/tracks/${ENC}`],
  ['track id with text', () => null, 'GET', () => `/api/tracks/abc${ENC}def`],
  ['like id', as(() => listener), 'PUT', () => `/api/tracks/${ENC}/like`],
  ['comment', as(() => listener), 'POST', () => `/api/tracks/${trackId}/comments`, () => ({ content: `c${NUL}` })],
  ['position track id', as(() => listener), 'PUT', () => `/api/me/positions/${ENC}`, () => ({ positionSeconds: 1 })],
  // searches
  ['search q', () => null, 'GET', () => `/api/search?q=a${ENC}`],
  ['explore q', () => null, 'GET', () => `/api/explore/tracks?q=a${ENC}`],
  ['explore category', () => null, 'GET', () => `/api/explore/tracks?category=a${ENC}`],
  ['explore live q', () => null, 'GET', () => `/api/explore/live?q=a${ENC}`],
  ['live q', () => null, 'GET', () => `/api/live?q=a${ENC}`],
  ['playlist search q', () => null, 'GET', () => `/api/search/playlists?q=a${ENC}`],
  ['admin users q', as(() => admin), 'GET', () => `/api/admin/users?q=a${ENC}`],
  // live
  ['live title', as(() => creator), 'POST', () => '/api/live', () => ({ title: `l${NUL}`, category: 'Music' })],
  ['live id', () => null, 'GET', () => `/api/live/${ENC}`],
  ['live chat', as(() => listener), 'POST', () => `/api/live/${streamId}/chat`, () => ({ content: `m${NUL}` })],
  ['live mute userId', as(() => creator), 'POST', () => `/api/live/${streamId}/mutes`, () => ({ userId: `u${NUL}` })],
  ['live unmute userId', as(() => creator), 'DELETE', () => `/api/live/${streamId}/mutes/u${ENC}`],
  // people
  ['profile id', () => null, 'GET', () => `/api/profiles/${ENC}`],
  ['follow id', as(() => listener), 'POST', () => `/api/users/${ENC}/follow`],
  // auth (better-auth) and support
  [
    'sign-up name',
    () => null,
    'POST',
    () => '/api/auth/sign-up/email',
    () => ({ email: 'nul@test.local', password: 'correct-horse-battery', name: `n${NUL}` }),
  ],
  [
    'sign-in email',
    () => null,
    'POST',
    () => '/api/auth/sign-in/email',
    () => ({ email: `a${NUL}@test.local`, password: 'x' }),
  ],
  ['reset token', () => null, 'GET', () => `/api/account/password-reset/a${ENC}`],
  [
    'contact message',
    () => null,
    'POST',
    () => '/api/support/contact',
    () => ({ name: 'N', email: 'n@test.local', subject: 'S', category: 'other', message: `m${NUL}` }),
  ],
  // a key, not a value
  ['body key', as(() => listener), 'PUT', () => '/api/me/profile', () => ({ [`bio${NUL}`]: 'x' })],
];

describe('NUL characters in input', () => {
  it.each(cases)('%s: 400 VALIDATION_FAILED, nothing changed', async (_label, who, method, url, payload) => {
    const before = await fingerprint();
    const user = who();
    const res = await t.app.inject({
      method: method as 'GET',
      url: url(),
      headers: user ? { cookie: user.cookie } : {},
      payload: payload?.() as object | undefined,
      remoteAddress: testClientIp(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await fingerprint()).toEqual(before);
  });

  it('a multipart upload whose text field holds NUL: 400, no row, no stored object', async () => {
    const before = await fingerprint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await fingerprint()).toEqual(before);
    expect(await filesUnder(path.join(t.dataDir, 'storage', 'audio'))).toEqual([]);
  });
});
