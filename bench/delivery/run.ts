// Delivery benchmark: the same audio file served by our server (GET /api/tracks/:id/stream, the full
// stack: routing, visibility, Range, caching headers) and by nginx (sendfile, tcp_nopush off), side
// by side in one run, with wrk: random 64 KiB ranges (req/s) and whole files (MB/s). A third side,
// "accel", is the DELIVERY_ACCEL=nginx-signed option: nginx in front of a second server of ours,
// which checks access and answers 302 to a signed link; nginx verifies it (secure_link) and sends
// the file. Measured on the signed link, what a player's Range requests hit after the one redirect
// (goal >= 0.95x raw nginx), plus the rate of that redirect itself.
//
//   npx tsx bench/delivery/run.ts [--seconds 10] [--connections 32] [--file-seconds 300] [--strict]
//
// Installs the Debian packages nginx and wrk when they are missing. Budgets (DESIGN.md §9,
// bench/budgets.ts): ranges >= 0.8x nginx req/s Node-only and >= 0.95x behind nginx with signed
// links; whole files >= 1.0x nginx MB/s.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePrograms } from '../../scripts/system-packages.mjs';
import { BUDGETS, verdict } from '../budgets';
import { stopChildren } from '../processes';

const here = import.meta.dirname;
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'file-seconds': { type: 'string', default: '300' },
    rounds: { type: 'string', default: '2' },
    strict: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const RANGE = 64 * 1024;
/** Ours (Node-only) against nginx, per scenario. */
const BUDGET = { ranges: BUDGETS.delivery.rangesNodeOnly, whole: BUDGETS.delivery.wholeFiles };
/** The nginx-backed option (signed links) against raw nginx: §9 sets it for ranges. */
const ACCEL_BUDGET = BUDGETS.delivery.rangesSignedLinks;
const ACCEL_PREFIX = '/_media/';
const SIGNED_PREFIX = '/_signed/';
const ACCEL_SECRET = 'bench-delivery-secret-0123456789';

const children: ChildProcess[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-bench-delivery-'));
async function cleanup() {
  await stopChildren(children);
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

function ensureTools() {
  const missing = ensurePrograms({ nginx: 'nginx', wrk: 'wrk' });
  if (missing.length) throw new Error(`the benchmark needs ${missing.join(' and ')} (Debian packages)`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url, { method: 'HEAD' });
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function startOurs(
  file: string,
  name = 'data',
  env: Record<string, string> = {},
): Promise<{ url: string; storagePath: string; storageRoot: string; pid: number; port: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'serve.ts'), file, String(port), path.join(tmp, name)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on('exit', (code) => reject(new Error(`our server exited (${code})`)));
  });
  return { ...JSON.parse(line), pid: child.pid as number, port };
}

/** nginx serving `root`, or (with `accel`) proxying to our server and sending what it redirects to. */
async function startNginx(root: string, accel?: { upstreamPort: number }): Promise<{ base: string; pid: number }> {
  const port = await freePort();
  const prefix = path.join(tmp, accel ? 'nginx-accel' : 'nginx');
  const site = accel
    ? `upstream ours { server 127.0.0.1:${accel.upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location ${ACCEL_PREFIX} { internal; alias ${root}/; }
    location ${SIGNED_PREFIX} {
      secure_link $arg_md5,$arg_expires;
      secure_link_md5 "$secure_link_expires$arg_cors$uri ${ACCEL_SECRET}";
      if ($secure_link = "") { return 403; }
      if ($secure_link = "0") { return 410; }
      alias ${root}/;
    }
    location / {
      proxy_pass http://ours; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header Host $http_host; proxy_buffering off;
    }
  }`
    : `server { listen 127.0.0.1:${port}; root ${root}; }`;
  fs.mkdirSync(prefix, { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off; ${user} worker_processes 1; error_log ${prefix}/error.log warn; pid ${prefix}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off; sendfile on; tcp_nopush off; keepalive_requests 1000000;
  types { audio/mpeg mp3; }
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  ${site}
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  children.push(child);
  return { base: `http://127.0.0.1:${port}`, pid: child.pid as number };
}

interface WrkResult {
  requests: number;
  bytes: number;
  duration_us: number;
  non2xx: number;
  errors: number;
  p50_us: number;
  p99_us: number;
}

/** `redirect`: the answers are 302s (wrk counts them as non-2xx), so only socket errors fail. */
function wrk(url: string, opts: { range: number; fileSize: number; seconds: number; redirect?: boolean }): WrkResult {
  const out = execFileSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', path.join(here, 'report.lua'), url],
    { env: { ...process.env, RANGE_SIZE: String(opts.range), FILE_SIZE: String(opts.fileSize) }, encoding: 'utf8' },
  );
  const json = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!json) throw new Error(`wrk gave no summary:\n${out}`);
  const r = JSON.parse(json.slice('WRK_JSON '.length)) as WrkResult;
  if ((!opts.redirect && r.non2xx > 0) || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} bad statuses, ${r.errors} socket errors`);
  return r;
}

/** CPU seconds (user + system) used so far by a process and its descendants (Linux /proc). */
function cpuSeconds(rootPid: number): number {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop() as number;
    ticks += procs.get(pid)?.ticks ?? 0;
    for (const [child, p] of procs) if (p.ppid === pid) todo.push(child);
  }
  return ticks / 100; // USER_HZ
}

const perSecond = (r: WrkResult) => r.requests / (r.duration_us / 1e6);
const mbPerSecond = (r: WrkResult) => r.bytes / (r.duration_us / 1e6) / (1024 * 1024);

async function main() {
  ensureTools();
  const file = path.join(tmp, 'bench.mp3');
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${args['file-seconds']}`].concat([
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-y',
      file,
    ]),
  );
  const fileSize = fs.statSync(file).size;

  const step = (m: string) => process.stderr.write(`… ${m}\n`);
  step('starting our server');
  const ours = await startOurs(file);
  step('starting nginx');
  const nginx = await startNginx(ours.storageRoot);
  const nginxUrl = nginx.base + ours.storagePath;
  step('starting the nginx-backed option (DELIVERY_ACCEL=nginx-signed behind nginx)');
  const oursAccel = await startOurs(file, 'data-accel', {
    DELIVERY_ACCEL: 'nginx-signed',
    DELIVERY_ACCEL_PREFIX: ACCEL_PREFIX,
    DELIVERY_ACCEL_SIGNED_PREFIX: SIGNED_PREFIX,
    DELIVERY_ACCEL_SECRET: ACCEL_SECRET,
  });
  const front = await startNginx(oursAccel.storageRoot, { upstreamPort: oursAccel.port });
  const redirectUrl = front.base + new URL(oursAccel.url).pathname + new URL(oursAccel.url).search;
  await waitForHttp(ours.url);
  await waitForHttp(nginxUrl);
  await waitForHttp(redirectUrl);
  const first = await fetch(redirectUrl, { redirect: 'manual' });
  if (first.status !== 302) throw new Error(`the nginx-backed side answered ${first.status}, not 302`);
  // The steady state of a player: its Range requests go to the signed link it was redirected to.
  const accelUrl = new URL(first.headers.get('location') ?? '', front.base).toString();
  step('checking all three serve the same bytes');
  const bodies = await Promise.all(
    [ours.url, nginxUrl, accelUrl].map(async (u) => Buffer.from(await (await fetch(u)).arrayBuffer())),
  );
  if (bodies.some((b) => !b.equals(bodies[0])) || bodies[0].length !== fileSize) {
    throw new Error('the servers do not serve the same bytes');
  }

  console.log(
    `Delivery benchmark: ${(fileSize / 1024 / 1024).toFixed(2)} MB MP3, wrk 1 thread x ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run, ${ROUNDS} rounds (ABBA order), ${os.cpus().length} CPUs, nginx 1 worker, Node ${process.version}`,
  );
  const scenarios = [
    { name: '64 KiB ranges', key: 'ranges' as const, range: RANGE, metric: perSecond, unit: 'req/s' },
    { name: 'whole file', key: 'whole' as const, range: 0, metric: mbPerSecond, unit: 'MB/s' },
  ];
  const sides = {
    nginx: { url: nginxUrl, pids: [nginx.pid] },
    ours: { url: ours.url, pids: [ours.pid] },
    // The signed link: nginx alone (the app's CPU is counted too, and should stay flat).
    accel: { url: accelUrl, pids: [front.pid, oursAccel.pid] },
  };
  type Side = keyof typeof sides;
  const cpuOf = (who: Side) => sides[who].pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  let ok = true;
  {
    // The one request per play that still reaches the app: access check, then the 302.
    wrk(redirectUrl, { range: 0, fileSize, seconds: 2, redirect: true });
    const before = cpuOf('accel');
    const r = wrk(redirectUrl, { range: 0, fileSize, seconds: SECONDS, redirect: true });
    const us = ((cpuOf('accel') - before) / r.requests) * 1e6;
    console.log(
      `${'redirect'.padEnd(14)} the app's 302 to the signed link, through nginx: ${perSecond(r).toFixed(0)} req/s, ` +
        `p50 ${(r.p50_us / 1000).toFixed(2)} ms, CPU per request ${us.toFixed(0)} µs (nginx + app); once per play`,
    );
  }
  for (const s of scenarios) {
    // Warm all (JIT, page cache, connections), then alternate to spread background noise evenly.
    for (const who of Object.keys(sides) as Side[]) wrk(sides[who].url, { range: s.range, fileSize, seconds: 2 });
    const results = { ours: [] as number[], nginx: [] as number[], accel: [] as number[] };
    // Server CPU per request: on a shared machine this is the steadier measure of cost.
    const cpu = { ours: { s: 0, n: 0 }, nginx: { s: 0, n: 0 }, accel: { s: 0, n: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      const order: Side[] = round % 2 === 0 ? ['nginx', 'ours', 'accel'] : ['accel', 'ours', 'nginx'];
      for (const who of order) {
        const before = cpuOf(who);
        const r = wrk(sides[who].url, { range: s.range, fileSize, seconds: SECONDS });
        cpu[who].s += cpuOf(who) - before;
        cpu[who].n += r.requests;
        results[who].push(s.metric(r));
      }
    }
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const [o, n, x] = [mean(results.ours), mean(results.nginx), mean(results.accel)];
    const ratio = o / n;
    const us = (who: Side) => (cpu[who].s / cpu[who].n) * 1e6;
    const pass = ratio >= BUDGET[s.key];
    ok &&= pass && (s.key !== 'ranges' || x / n >= ACCEL_BUDGET);
    console.log(
      `${s.name.padEnd(14)} nginx ${n.toFixed(0).padStart(7)} ${s.unit}   ours ${o.toFixed(0).padStart(7)} ${s.unit}   ` +
        `ratio ${ratio.toFixed(2)}x   (budget >= ${BUDGET[s.key]}x Node-only: ${verdict(pass)})\n` +
        `${''.padEnd(14)} server CPU per request: nginx ${us('nginx').toFixed(0)} µs, ours ${us('ours').toFixed(0)} µs ` +
        `(nginx/ours ${(us('nginx') / us('ours')).toFixed(2)}x)\n` +
        `${''.padEnd(14)} nginx-backed (signed link) ${x.toFixed(0).padStart(7)} ${s.unit}   ratio ${(x / n).toFixed(2)}x raw nginx ` +
        `(${s.key === 'ranges' ? `budget >= ${ACCEL_BUDGET}x: ${verdict(x / n >= ACCEL_BUDGET)}` : 'no budget in §9'}), ${(x / o).toFixed(2)}x ours; ` +
        `CPU per request ${us('accel').toFixed(0)} µs (nginx + app)`,
    );
  }
  if (args.strict && !ok) process.exitCode = 1;
}

try {
  await main();
} finally {
  // The servers' pipes would keep this process alive: stop them and leave. (Sockets to the servers
  // dying under fetch's connection pool may reject during teardown; the results are out by then.)
  process.on('unhandledRejection', () => {});
  await cleanup();
  process.exit(process.exitCode ?? 0);
}
