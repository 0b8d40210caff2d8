// Upload processing benchmark: a long MP3 through our `track.process` job handler (the real job:
// the original copied out of storage, one ffmpeg run, peaks in JS, both renditions stored, the row
// updated) and through ffmpeg alone doing the same work (the very same arguments, `processArgs`),
// side by side in one run, in ABBA order.
//
//   npx tsx bench/processing/run.ts [--minutes 60] [--rounds 2] [--strict]
//
// Budget (DESIGN.md §9, bench/budgets.ts): processing a 60-minute MP3 takes <= 1.1x the time of ffmpeg alone.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { audioContent, authUsers, users } from '../../apps/server/src/db/schema';
import { findFfmpeg } from '../../apps/server/src/media/ffmpeg';
import { processArgs } from '../../apps/server/src/media/transcode';
import { processTrack } from '../../apps/server/src/modules/tracks/processing';
import { closeContext, createContext } from '../../apps/server/src/server';
import { BUDGETS } from '../budgets';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '2' },
    strict: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const ROUNDS = Number(args.rounds);
const BUDGET = BUDGETS.processing.vsFfmpeg;
const ffmpeg = findFfmpeg();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-bench-processing-'));
const step = (m: string) => process.stderr.write(`… ${m}\n`);

/** Runs ffmpeg to completion; resolves with the wall time in seconds. */
function runFfmpeg(ffmpegArgs: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', ...ffmpegArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`ffmpeg failed: ${stderr}`)),
    );
  });
}

/** Something like music to encode: a tone over pink noise, stereo, 128 kbps MP3 (a pure tone is too easy). */
async function makeMp3(file: string, seconds: number) {
  await runFfmpeg([
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.2:duration=${seconds}`],
    ...['-filter_complex', '[0][1]amix=inputs=2', '-ac', '2', '-ar', '44100'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-y', file],
  ]);
}

async function main() {
  const source = path.join(tmp, 'long.mp3');
  step(`making a ${MINUTES}-minute MP3`);
  await makeMp3(source, MINUTES * 60);
  const bytes = fs.statSync(source).size;

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: path.join(tmp, 'data'),
    ROLES: 'api',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const ctx = await createContext(config);
  const { db } = ctx.database;
  const userId = 'bench-creator';
  await db.insert(authUsers).values({ id: userId, name: 'Bench', email: 'bench@bench.local', emailVerified: true });
  await db.insert(users).values({ id: userId, email: 'bench@bench.local', userRole: 'creator' });

  /** One upload as our ingest leaves it (original stored, row 'processing'), then the job. */
  async function ours(): Promise<number> {
    const id = randomUUID();
    const audioKey = `audio/${userId}/${id}.mp3`;
    await ctx.storage.put(audioKey, fs.createReadStream(source), { contentType: 'audio/mpeg' });
    await db.insert(audioContent).values({
      id,
      userId,
      title: 'Bench',
      audioKey,
      audioMime: 'audio/mpeg',
      audioBytes: bytes,
      duration: MINUTES * 60,
      status: 'processing',
      isPublic: true,
    });
    const started = performance.now();
    await processTrack(ctx, id);
    const seconds = (performance.now() - started) / 1000;
    const [row] = await db.select().from(audioContent).where(eq(audioContent.id, id));
    const off = Math.abs((row.duration ?? 0) - MINUTES * 60);
    if (row.status !== 'ready' || !row.media?.opusKey || !row.media?.aacKey || row.peaks?.length !== 800 || off > 1) {
      throw new Error(`the job did not finish the track: ${JSON.stringify({ ...row, peaks: row.peaks?.length })}`);
    }
    return seconds;
  }

  const peer = () =>
    runFfmpeg(
      processArgs(source, 'mp3', {
        opus: path.join(tmp, 'peer.webm'),
        aac: path.join(tmp, 'peer.m4a'),
      }),
    );

  console.log(
    `Processing benchmark: ${MINUTES}-minute MP3 (${(bytes / 1024 / 1024).toFixed(1)} MB, 128 kbps stereo), ` +
      `${ROUNDS} rounds (ABBA order), ${os.cpus().length} CPUs, ${ffmpeg}, Node ${process.version}`,
  );
  const times = { ours: [] as number[], ffmpeg: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['ffmpeg', 'ours'] as const) : (['ours', 'ffmpeg'] as const);
    for (const who of order) {
      const t = who === 'ours' ? await ours() : await peer();
      times[who].push(t);
      step(`round ${round + 1}: ${who} ${t.toFixed(1)} s`);
    }
  }
  await closeContext(ctx);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [o, f] = [mean(times.ours), mean(times.ffmpeg)];
  const ratio = o / f;
  const pass = ratio <= BUDGET;
  console.log(
    `ffmpeg alone ${f.toFixed(1)} s   ours (track.process) ${o.toFixed(1)} s   ratio ${ratio.toFixed(2)}x   ` +
      `(budget <= ${BUDGET}x: ${pass ? 'met' : 'NOT met'})   ${((MINUTES * 60) / o).toFixed(0)}x real time`,
  );
  if (args.strict && !pass) process.exitCode = 1;
}

try {
  await main();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
