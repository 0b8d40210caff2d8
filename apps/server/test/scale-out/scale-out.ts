/**
 * The README's scale-out story, run whole (`npm run test:scale-out`, a step of .ci/run):
 * PostgreSQL + Redis + S3 (s3rver), 2 API processes and 1 worker behind nginx round-robin.
 *
 * A creator uploads through nginx, the worker processes, a listener plays through the other API
 * process; a broadcast published on A is heard on B (a mirror over Redis, ADR 0019); chat and
 * viewer counts agree; an encoder streaming through a TCP balancer to A's encoder port loses A
 * mid-broadcast and comes back through B, heard again by a listener's page (failover.ts); the same
 * session keeps working through nginx; a job held by a killed worker is reclaimed by a new one.
 * Then delivery behind nginx: DELIVERY_ACCEL=nginx on local storage, bytes and Range through nginx
 * equal the file.
 *
 * Ports 4220-4231 (SCALE_OUT_PORT moves them). Skips without nginx, except in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIVE_CATEGORIES } from '@wavecast/shared';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { buildWebIfStale } from '../../../../scripts/build-web.mjs';
import { audioPart, makeAudio, multipartBody } from '../../src/modules/tracks/testing';
import { connectPublisher, listen } from '../../src/relay/testing/clients';
import { decodeWebm, trimToCompleteElements } from '../../src/relay/testing/decode';
import { opusPackets, synthesize } from '../../src/relay/testing/webm-fixtures';
import { failover } from './failover';
import {
  check,
  cookieOf,
  findNginx,
  type ServerProcess,
  sleep,
  startNginx,
  startServer,
  startTcpFront,
  until,
} from './stack';

const base = Number(process.env.SCALE_OUT_PORT ?? 4220);
// base + 2 is skipped: 4222 is NATS's well-known port, often taken on a shared machine.
// The encoder ports: the balancer's, then A's and B's Icecast ports (each SHOUTcast's is the next one).
const PORT = {
  lb: base,
  a: base + 1,
  b: base + 3,
  s3: base + 4,
  accelLb: base + 5,
  accel: base + 6,
  front: base + 7,
  ingestA: base + 8,
  ingestB: base + 10,
};
const PG_URL =
  process.env.CI_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.SCALE_OUT_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const LB = `http://127.0.0.1:${PORT.lb}`;
const direct = (port: number) => `http://127.0.0.1:${port}`;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const servers: ServerProcess[] = [];
const nginxLogs: string[] = [];

async function main(): Promise<void> {
  const nginx = findNginx();
  if (!nginx) {
    if (process.env.CI) throw new Error('nginx is required in CI (apt-get install nginx)');
    console.log('SKIPPED: the scale-out test needs nginx (apt-get install nginx)');
    return;
  }
  // The listener's page (failover.ts) is the built web app, served by the API processes (CI's e2e
  // stage built it already; a local run builds it once).
  buildWebIfStale();
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-scale-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A fresh database for this run.
  const dbName = `scale_out_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });
  const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
  const db = new pg.Client({ connectionString: dbUrl });

  const s3 = new S3rver({ port: PORT.s3, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3') });
  fs.mkdirSync(path.join(dir, 's3'));
  await s3.run();
  cleanups.push(() => s3.close());

  const shared = {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: direct(PORT.s3),
    S3_BUCKET: 'wavecast-scale',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    PUBLIC_URL: LB,
    AUTH_SECRET: 'scale-out-test-secret-0123456789abcdef',
    TRUST_PROXY_HEADER: 'x-forwarded-for',
    // A job whose worker died is claimed again after 3 s (the default is 10 minutes).
    JOB_LOCK_SECONDS: '3',
  };
  const server = (name: string, env: Record<string, string>) => {
    const s = startServer(name, { ...shared, DATA_DIR: path.join(dir, name), ...env });
    servers.push(s);
    return s;
  };
  cleanups.push(() => Promise.all(servers.map((s) => s.kill())));

  console.log('== starting PostgreSQL database, s3rver, 2 API processes, 1 worker, nginx, a TCP balancer');
  // A migrates the fresh database first; the others then find it ready.
  // Both run the encoder ingest (README "Scaling out"); RTMP is not part of this test.
  const ingest = (port: number) => ({ LIVE_INGEST_PORT: String(port), RTMP_PORT: '0' });
  const a = server('api-a', { ROLES: 'api', PORT: String(PORT.a), ...ingest(PORT.ingestA) });
  await a.waitFor('Wavecast is running');
  const b = server('api-b', { ROLES: 'api', PORT: String(PORT.b), ...ingest(PORT.ingestB) });
  let worker = server('worker-1', { ROLES: 'worker', PORT: '0' });
  await b.waitFor('Wavecast is running');
  nginxLogs.push(path.join(dir, 'nginx', 'error.log'));
  const lb = await startNginx(nginx, path.join(dir, 'nginx'), {
    listen: PORT.lb,
    upstreams: [PORT.a, PORT.b],
    hlsCache: true,
  });
  cleanups.push(() => lb.kill('SIGKILL'));
  const front = await startTcpFront(PORT.front, [PORT.ingestA, PORT.ingestB]);
  cleanups.push(() => front.close());
  await db.connect();
  cleanups.push(() => db.end());
  console.log(`   up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  console.log('== sessions, upload, processing, playback across processes');
  const signUp = await fetch(`${LB}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: LB, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `scale-${Date.now()}@example.com`,
      password: 'Sturdy-Horse-91',
      name: 'Scale Creator',
      accountType: 'creator',
    }),
  });
  check(signUp.status === 200, `sign-up through nginx (${signUp.status})`);
  const cookie = cookieOf(signUp);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  for (const port of [PORT.a, PORT.b]) {
    const me = (await (await fetch(`${direct(port)}/api/me`, { headers: { cookie } })).json()) as {
      user: { id: string } | null;
    };
    check(me.user?.id === userId, `the session works on the API process at :${port}`);
  }

  const mp3 = await makeAudio(dir, 'mp3', 3);
  const original = fs.readFileSync(mp3);
  const upload = async (base: string, file: string, title: string, origin = LB) => {
    const { body, contentType } = multipartBody({ title }, [await audioPart(file)]);
    const res = await fetch(`${base}/api/tracks`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { track: { id: string } }).track.id;
  };
  const ready = (base: string, id: string, timeoutMs = 90_000) =>
    until(
      `track ${id} ready`,
      async () => {
        const r = await fetch(`${base}/api/tracks/${id}`, { headers: { cookie } });
        const { track } = (await r.json()) as { track: { status: string } };
        if (track.status === 'failed') throw new Error('processing failed');
        return track.status === 'ready' ? true : undefined;
      },
      timeoutMs,
    );
  const trackId = await upload(direct(PORT.a), mp3, 'Across processes');
  check(true, 'upload through API process A');
  await ready(LB, trackId);
  check(true, 'processed by the worker process');
  const whole = await fetch(`${direct(PORT.b)}/api/tracks/${trackId}/stream?format=original`, { headers: { cookie } });
  check(Buffer.from(await whole.arrayBuffer()).equals(original), 'played whole through API process B: the upload');
  const part = await fetch(`${direct(PORT.b)}/api/tracks/${trackId}/stream?format=original`, {
    headers: { cookie, range: 'bytes=100-1099' },
  });
  check(
    part.status === 206 && Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 1100)),
    'a Range through B: 206 with the exact bytes',
  );
  const opus = await fetch(`${direct(PORT.b)}/api/tracks/${trackId}/stream`, { headers: { range: 'bytes=0-' } });
  check(opus.ok && (await opus.arrayBuffer()).byteLength > 1000, 'the processed rendition plays through B');

  console.log('== live: published on A, heard on B');
  const created = await fetch(`${direct(PORT.a)}/api/live`, {
    method: 'POST',
    headers: { origin: LB, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Scale-out live', category: LIVE_CATEGORIES[0] }),
  });
  check(created.status === 201, `stream created (${created.status})`);
  const streamId = ((await created.json()) as { id: string }).id;
  const publisher = connectPublisher(direct(PORT.a), streamId, { cookie, origin: LB });
  const chunks = synthesize(opusPackets(9, 20), 'chrome', 100);
  const playing = publisher.play(chunks, 100);
  await Promise.race([publisher.onAir, sleep(15_000).then(() => Promise.reject(new Error('never on air')))]);
  check(true, 'on air on A');
  await until('B sees the stream live', async () => {
    const r = await fetch(`${direct(PORT.b)}/api/live/${streamId}`);
    return ((await r.json()) as { status: string }).status === 'live' ? true : undefined;
  });
  const joinedAt = Date.now();
  const onB = listen(PORT.b, `/api/live/${streamId}/stream`);
  const onA = listen(PORT.a, `/api/live/${streamId}/stream`);
  const headB = await onB.head;
  check(headB.startsWith('HTTP/1.1 200'), `a listener on B gets 200 (${headB.split('\r\n')[0]})`);
  await until('first audio on B', async () => (onB.bytes() > 0 ? true : undefined), 5000);
  console.log(`   first bytes on B ${Date.now() - joinedAt} ms after connecting (mirror opened on demand)`);

  const chat = await fetch(`${direct(PORT.a)}/api/live/${streamId}/chat`, {
    method: 'POST',
    headers: { origin: LB, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'hello from A' }),
  });
  check(chat.status === 201, 'chat message sent on A');
  const seen = await until('the chat message on B', async () => {
    const r = await fetch(`${direct(PORT.b)}/api/live/${streamId}/chat`);
    const text = await r.text();
    return text.includes('hello from A') ? true : undefined;
  });
  check(seen, 'the chat message is listed on B');
  const viewersVia = async (port: number) => {
    const r = await fetch(`${direct(port)}/api/live/${streamId}`);
    return ((await r.json()) as { viewerCount: number }).viewerCount;
  };
  const counts = await until(
    'viewer counts 2 on both',
    async () => {
      const [va, vb] = await Promise.all([viewersVia(PORT.a), viewersVia(PORT.b)]);
      return va === 2 && vb === 2 ? [va, vb] : undefined;
    },
    20_000,
  );
  check(counts[0] === counts[1], `viewer counts agree: A says ${counts[0]}, B says ${counts[1]}`);
  await playing;
  await sleep(500);
  onA.close();
  onB.close();
  const decoded = decodeWebm(trimToCompleteElements(onB.body()));
  check(
    decoded.errors === '' && decoded.seconds > 3,
    `B's listener got decodable audio (${decoded.seconds.toFixed(1)} s)`,
  );
  publisher.close();

  await failover({ a, ports: PORT, front, cookie, db, cleanups });

  console.log('== API process A is gone (killed mid-broadcast)');
  const answers: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await fetch(`${LB}/api/me`, { headers: { cookie } });
    const body = (await r.json().catch(() => null)) as { user: { id: string } | null } | null;
    answers.push(r.status === 200 && body?.user?.id === userId ? 200 : r.status === 200 ? 401 : r.status);
  }
  check(
    answers.every((s) => s === 200),
    `6 of 6 requests through nginx answered for the same signed-in user by B (${answers.join(',')})`,
  );
  const again = await fetch(`${LB}/api/tracks/${trackId}/stream?format=original`, {
    headers: { cookie, range: 'bytes=0-99' },
  });
  check(
    again.status === 206 && Buffer.from(await again.arrayBuffer()).equals(original.subarray(0, 100)),
    'playback keeps working',
  );

  console.log('== a job held by a killed worker is reclaimed');
  // The track's processing job by its type: `track.ready` queues other jobs naming the track (radio cues).
  const long = await makeAudio(dir, 'mp3', 120, 330);
  const slowId = await upload(LB, long, 'Reclaimed');
  const running = await until(
    'the worker claimed the processing job',
    async () => {
      const { rows } = await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM jobs WHERE type = 'track.process' AND payload::text LIKE $1`,
        [`%${slowId}%`],
      );
      return rows[0]?.status === 'running' ? rows[0] : undefined;
    },
    60_000,
  );
  await worker.kill();
  const left = await db.query<{ status: string }>(
    `SELECT status FROM jobs WHERE type = 'track.process' AND payload::text LIKE $1`,
    [`%${slowId}%`],
  );
  check(left.rows[0]?.status === 'running', `worker killed holding the job (attempt ${running.attempts})`);
  worker = server('worker-2', { ROLES: 'worker', PORT: '0' });
  await ready(LB, slowId, 120_000);
  // The track is ready a moment before its job is marked done (the handler returns, then the queue
  // records it): wait for that record rather than read it once.
  const done = await until(
    'the reclaimed job is recorded done',
    async () => {
      const { rows } = await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM jobs WHERE type = 'track.process' AND payload::text LIKE $1`,
        [`%${slowId}%`],
      );
      return rows[0]?.status === 'done' ? rows[0] : undefined;
    },
    10_000,
  ).catch(() => undefined);
  check(
    done?.status === 'done' && done.attempts > running.attempts,
    `the new worker reclaimed and finished it (attempts ${done?.attempts})`,
  );

  console.log('== delivery behind nginx (DELIVERY_ACCEL=nginx, local storage)');
  // The server below runs its own jobs on the same database: the cluster's worker shares that queue
  // but not the server's local storage, and a transcode it claimed would never find its upload
  // (CI failed on it once: the track never became ready). The cluster's part is over: stop it.
  await worker.kill();
  const accelDir = path.join(dir, 'api-accel');
  const accel = server('api-accel', {
    ROLES: 'api,worker',
    PORT: String(PORT.accel),
    STORAGE_DRIVER: 'local',
    DELIVERY_ACCEL: 'nginx',
    DELIVERY_ACCEL_PREFIX: '/_media/',
    PUBLIC_URL: `http://127.0.0.1:${PORT.accelLb}`,
    JOB_LOCK_SECONDS: '600',
  });
  await accel.waitFor('Wavecast is running');
  const accelLb = await startNginx(nginx, path.join(dir, 'nginx-accel'), {
    listen: PORT.accelLb,
    upstreams: [PORT.accel],
    accel: { prefix: '/_media/', root: path.join(accelDir, 'storage') },
  });
  cleanups.push(() => accelLb.kill('SIGKILL'));
  const ALB = `http://127.0.0.1:${PORT.accelLb}`;
  const accelTrack = await upload(ALB, mp3, 'Sent by nginx', ALB);
  await ready(ALB, accelTrack);
  const fromApp = await fetch(`${direct(PORT.accel)}/api/tracks/${accelTrack}/stream?format=original`);
  const redirect = fromApp.headers.get('x-accel-redirect') ?? '';
  check(
    redirect.startsWith('/_media/') && (await fromApp.arrayBuffer()).byteLength === 0,
    `the app answers with X-Accel-Redirect ${redirect} and no body`,
  );
  const full = await fetch(`${ALB}/api/tracks/${accelTrack}/stream?format=original`);
  check(
    full.status === 200 &&
      full.headers.get('x-accel-redirect') === null &&
      full.headers.get('content-type') === 'audio/mpeg' &&
      full.headers.get('x-content-type-options') === 'nosniff' &&
      full.headers.get('cache-control') === 'public, no-cache' &&
      Buffer.from(await full.arrayBuffer()).equals(original),
    'through nginx: 200, the app’s type and caching, nosniff, the whole file',
  );
  check(
    full.headers.get('access-control-allow-origin') === '*' &&
      full.headers.get('cross-origin-resource-policy') === 'cross-origin',
    'public media through nginx is other sites’ to read, as the app says (ACAO *, CORP cross-origin)',
  );
  const ranged = await fetch(`${ALB}/api/tracks/${accelTrack}/stream?format=original`, {
    headers: { range: 'bytes=1000-1999' },
  });
  check(
    ranged.status === 206 &&
      ranged.headers.get('content-range') === `bytes 1000-1999/${original.length}` &&
      Buffer.from(await ranged.arrayBuffer()).equals(original.subarray(1000, 2000)),
    'a Range through nginx: 206 with the exact bytes',
  );
  const hidden = await fetch(`${ALB}${redirect}`);
  check(hidden.status === 404, 'the internal location is not reachable from outside (404)');
  const privateRes = await fetch(`${ALB}/api/tracks/${crypto.randomUUID()}/stream`);
  check(privateRes.status === 404, 'access is still the app’s: an unknown track 404s');

  console.log(`== scale-out test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main()
  .then(
    () => 0,
    (e) => {
      console.error(e);
      for (const s of servers) console.error(`--- ${s.name} output (tail):\n${s.output().slice(-3000)}`);
      for (const log of nginxLogs) {
        const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
        console.error(`--- ${log} (tail):\n${text.slice(-3000)}`);
      }
      return 1;
    },
  )
  .then(async (code) => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    process.exit(code);
  });
