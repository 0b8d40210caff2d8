// Lighthouse benchmark: Home, Explore, an audio page and a creator profile, as a first-time visitor
// on a phone (Lighthouse's default mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU
// slowdown), three runs per page, median per category. The app is the production build, served by
// our server in production mode with the demo catalogue (its covers processed).
//
//   npx tsx bench/lighthouse/run.ts [--runs 3] [--port 3200] [--strict] [--out dir] [--data dir]
//
// Budget (DESIGN.md §9, bench/budgets.ts): performance >= 95 with TBT <= 200 ms and accessibility 100 on all four pages.
// --out keeps each run's JSON report there (LCP element, long tasks, failing audits).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { BUDGETS } from '../budgets';
import { stopChildren } from '../processes';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3200' },
    strict: { type: 'boolean', default: false },
    out: { type: 'string' },
    // A data directory of an earlier run (its catalogue seeded and processed), copied: no 10–20 min
    // of processing on a busy machine. The original is left as it was.
    data: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const BASE = `http://localhost:${PORT}`;
const BUDGET = BUDGETS.lighthouse;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;
const root = path.resolve(import.meta.dirname, '../..');
const step = (m: string) => process.stderr.write(`… ${m}\n`);

/** Our server in production mode on a fresh data directory, seeding the demo catalogue. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; seeded: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Lighthouse is a single visitor: the API rate limits are not what is measured here.
      BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? 'lighthouse-bench-secret-0123456789abcdef',
    },
  });
  const seeded = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      if (b.toString().includes('Seeded the demo catalogue')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { child, seeded };
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

interface HomeTrack {
  id: string;
  creator: { id: string };
}

/** Waits until every demo track is processed (its waveform exists: covers and renditions are done). */
async function catalogueReady(): Promise<HomeTrack[]> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const home = await json<{ recent: HomeTrack[]; popular: HomeTrack[] }>(`${BASE}/api/home`);
    const tracks = [...home.recent, ...home.popular];
    const peaks = await Promise.all(tracks.map((t) => fetch(`${BASE}/api/tracks/${t.id}/peaks`)));
    if (tracks.length > 0 && peaks.every((r) => r.ok)) return home.recent;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('the demo catalogue was not processed within 10 minutes');
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

interface PageFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
}

function figures(lhr: RunnerResult['lhr']): PageFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as PageFigures['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as PageFigures['metrics'];
  return { scores, metrics };
}

/** Audits that cost points in a category (score < 1), for the report of a page missing its budget. */
function failing(lhr: RunnerResult['lhr'], category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => `${r.id} (${lhr.audits[r.id]?.displayValue ?? lhr.audits[r.id]?.score})`);
}

/**
 * One Lighthouse run in a fresh Chromium (a first-time visitor: empty cache, no service worker).
 * A broken trace (NO_NAVSTART, NO_FCP: Lighthouse asks to run again) is retried twice.
 */
async function audit(chromePath: string, url: string): Promise<RunnerResult['lhr']> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const error = result.lhr.runtimeError;
      if (!error) return result.lhr;
      if (attempt >= 3) throw new Error(`${url}: ${error.message}`);
      step(`  ${error.code}: running again`);
    } finally {
      chrome.kill();
    }
  }
}

/**
 * A visitor before ours: each page's API answers, the ones its HTML names in preloads, asked for once.
 * On a running site the anonymous micro-cache (ADR 0003) already holds them (it keeps an answer
 * until a track changes), so the server renders the first view of Home and Explore (ADR 0022) for
 * a first-time visitor; a fresh bench server would otherwise show the very first visitor's page.
 */
async function warmUp(pages: string[]): Promise<void> {
  for (const p of pages) {
    const html = await (await fetch(BASE + p)).text();
    const urls = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    await Promise.all(urls.map((u) => fetch(BASE + u.replaceAll('&amp;', '&')).then((r) => r.arrayBuffer())));
  }
}

async function main() {
  step('building the web app if its sources changed');
  buildWebIfStale();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-lighthouse-'));
  if (args.data) await fs.cp(args.data, dataDir, { recursive: true });
  const { child, seeded } = await startServer(dataDir);
  try {
    await waitForHealth();
    step('seeding the demo catalogue and processing its tracks');
    // A copied catalogue is not seeded again (catalogueReady below checks it is processed).
    if (!args.data) await seeded;
    else seeded.catch(() => {});
    const recent = await catalogueReady();
    const pages = {
      Home: '/',
      Explore: '/explore',
      Audio: `/audio/${recent[0].id}`,
      Profile: `/profile/${recent[0].creator.id}`,
    };
    step('warming the anonymous answers (a visitor before ours)');
    await warmUp(Object.values(pages));
    const chromePath = findChromium();
    const results: Record<string, PageFigures[]> = {};
    const last: Record<string, RunnerResult['lhr']> = {};
    for (const [name, p] of Object.entries(pages)) {
      results[name] = [];
      for (let run = 1; run <= RUNS; run++) {
        step(`${name} (${p}) run ${run}/${RUNS}`);
        const lhr = await audit(chromePath, BASE + p);
        results[name].push(figures(lhr));
        last[name] = lhr;
        if (args.out) {
          await fs.mkdir(args.out, { recursive: true });
          await fs.writeFile(path.join(args.out, `${name}-${run}.json`), JSON.stringify(lhr));
        }
      }
    }

    let met = true;
    console.log(`\nLighthouse ${last.Home.lighthouseVersion}, mobile preset, median of ${RUNS} runs\n`);
    console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [name, runs] of Object.entries(results)) {
      const s = (c: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[c]));
      const m = (k: keyof typeof METRICS) => median(runs.map((r) => r.metrics[k]));
      console.log(
        `| ${name} | ${s('performance')} | ${s('accessibility')} | ${s('best-practices')} | ${s('seo')} | ` +
          `${(m('FCP') / 1000).toFixed(1)} s | ${(m('LCP') / 1000).toFixed(1)} s | ${Math.round(m('TBT'))} ms | ` +
          `${m('CLS').toFixed(3)} |`,
      );
      for (const c of ['performance', 'accessibility'] as const) {
        if (s(c) >= BUDGET[c]) continue;
        met = false;
        console.log(`  ${name} ${c} ${s(c)} < ${BUDGET[c]}: ${failing(last[name], c).join(', ')}`);
      }
      if (!(m('TBT') <= BUDGET.tbtMs)) {
        met = false;
        console.log(`  ${name} TBT ${Math.round(m('TBT'))} ms > ${BUDGET.tbtMs} ms`);
      }
    }
    console.log(
      `\nbudget (performance >= ${BUDGET.performance} with TBT <= ${BUDGET.tbtMs} ms, accessibility ${BUDGET.accessibility} on every page): ` +
        `${met ? 'met' : 'NOT met'}`,
    );
    if (!met && args.strict) process.exitCode = 1;
  } finally {
    await stopChildren([child]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
