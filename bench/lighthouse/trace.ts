// Main-thread CPU of a first visit, read from a Chromium trace: a figure the machine's load does not
// stretch (a task's thread time, `tdur`, not its wall time), to compare two builds side by side where
// Lighthouse's simulated Total Blocking Time swings with the neighbours' load (README.md).
//
//   npx tsx bench/lighthouse/trace.ts http://localhost:5360/ [http://localhost:5361/ ...] [--runs 3]
//
// Per URL and run: the renderer's top-level tasks from navigation until React has taken the first
// view over (`.first-view` gone) plus 2 s, each task's CPU time ×4 (Lighthouse's mobile CPU slowdown),
// and from those a "CPU TBT" (the part of every ×4 task beyond 50 ms, as TBT counts it), the long
// tasks' count and the longest, and the CPU of the biggest kinds of work inside long tasks.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium.mjs';

const { values: args, positionals: urls } = parseArgs({
  options: { runs: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const SLOWDOWN = 4;
const round = (n: number) => Math.round(n);
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

interface Figures {
  cpuTbt: number;
  longTasks: number;
  longest: number;
  cpuTotal: number;
  inLong: Record<string, number>;
}

const WORK = [
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'Decode Image',
  'EvaluateScript',
  'MinorGC',
  'MajorGC',
];

function read(events: TraceEvent[], url: string): Figures {
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  // The page's renderer: the main thread that parsed its HTML (not Chromium's own pages).
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
  if (!parse) throw new Error(`no HTML of ${url} parsed in the trace`);
  const main = `${parse.pid}:${parse.tid}`;
  const mine = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  const start = Math.min(...tasks.filter(mine).map((t) => t.ts));
  const top = tasks.filter(mine);
  const ms = (t: TraceEvent) => ((t.tdur ?? t.dur ?? 0) / 1000) * SLOWDOWN;
  const long = top.filter((t) => ms(t) > LONG_MS);
  const inLong: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || !mine(e) || !WORK.includes(e.name)) continue;
    const parent = long.find((t) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0));
    if (parent) inLong[e.name] = (inLong[e.name] ?? 0) + ((e.tdur ?? e.dur ?? 0) / 1000) * SLOWDOWN;
  }
  if (process.env.TRACE_DEBUG)
    for (const t of long) {
      const kids = events.filter(
        (e) => e.ph === 'X' && mine(e) && e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 2000,
      );
      console.error(
        `  task at ${round((t.ts - start) / 1000)} ms: ${round(ms(t))} ms ×4 (wall ${round((t.dur ?? 0) / 1000)}) · ` +
          kids
            .slice(0, Number(process.env.TRACE_DEBUG) || 8)
            .map(
              (k) =>
                `${k.name}${k.args?.data?.url ? `(${k.args.data.url.split('/').pop()})` : ''} ${round(((k.tdur ?? 0) / 1000) * SLOWDOWN)}`,
            )
            .join(', '),
      );
    }
  return {
    cpuTbt: long.reduce((s, t) => s + ms(t) - LONG_MS, 0),
    longTasks: long.length,
    longest: Math.max(0, ...top.map(ms)),
    cpuTotal: top.reduce((s, t) => s + ms(t), 0),
    inLong,
  };
}

async function measure(url: string): Promise<Figures> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-extensions'],
  });
  try {
    // A phone's viewport, as Lighthouse's mobile preset (Moto G Power).
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink',
        'loading',
        'toplevel',
        '__metadata',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => !document.querySelector('.first-view'), null, { timeout: 60_000 });
    await page.waitForTimeout(2000);
    const buf = await browser.stopTracing();
    const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] };
    return read(trace.traceEvents, url);
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const runs = Number(args.runs);
  for (const url of urls) {
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) all.push(await measure(url));
    const kinds = Object.keys(Object.assign({}, ...all.map((f) => f.inLong)) as Record<string, number>)
      .map((k) => [k, median(all.map((f) => f.inLong[k] ?? 0))] as const)
      .filter(([, v]) => v >= 10)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `${url}: CPU TBT ${all.map((f) => round(f.cpuTbt)).join(' / ')} ms (median ${round(median(all.map((f) => f.cpuTbt)))}), ` +
        `long tasks ${all.map((f) => f.longTasks).join(' / ')}, longest ${all.map((f) => round(f.longest)).join(' / ')} ms, ` +
        `main-thread CPU ${all.map((f) => round(f.cpuTotal)).join(' / ')} ms (×${SLOWDOWN})\n` +
        `  in long tasks (median, ×${SLOWDOWN}): ${kinds.map(([k, v]) => `${k} ${round(v)} ms`).join(', ')}`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
