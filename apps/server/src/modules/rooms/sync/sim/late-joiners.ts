import { SYNC } from '@wavecast/shared';
import { type LateJoinTrace, runSimulation } from './harness';

/**
 * Late joiners over a range of seeds, with the course of each one not heard within ±30 ms in 2 s
 * (ADR 0057): the figure "late joiners within ±30 ms in ≤ 2 s" measured by the harness with the
 * real core, 10 joiners per seed, 40 s of simulated time each.
 *
 *   cd apps/server && SEEDS=1-100 npx tsx src/modules/rooms/sync/sim/late-joiners.ts
 *
 * `SYNC_OVERRIDE='{"clockSettledAfter":12}'` tries other figures of `SYNC` without editing it.
 */
/**
 * LEAD: when the late joiner's clock started, before its join (ADR 0057's real paths):
 * `0` (default: with the join), `arrival` (2 RTT: a signed-in visitor let in on arrival, the room
 * page's GET and the join's POST before the socket's join), `guest:MS` (MS plus 2 RTT: a guest who
 * types a name for MS first), or a number of ms.
 */
const leadOf = (spec: string): ((rtt: number) => number) | undefined => {
  if (spec === '0') return undefined;
  if (spec === 'arrival') return (rtt) => 2 * rtt;
  if (spec.startsWith('guest:')) return (rtt) => Number(spec.slice(6)) + 2 * rtt;
  return () => Number(spec);
};
const lead = leadOf(process.env.LEAD ?? '0');
Object.assign(SYNC, JSON.parse(process.env.SYNC_OVERRIDE ?? '{}'));
const [from, to] = (process.env.SEEDS ?? '1-100').split('-').map(Number);
const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '∞');
let within = 0;
let total = 0;
let heardOff = 0;
const settles: number[] = [];
const skew: string[] = [];
let worstP95 = 0;
let worstP99 = 0;
let maxCorrection = 0;
let resyncs = 0;
for (let seed = from; seed <= (to ?? from); seed++) {
  const traces: LateJoinTrace[] = [];
  const f = await runSimulation({
    seed,
    endMs: 40_000,
    onLateJoiner: (t) => traces.push(t),
    lateClockLeadMs: lead,
    // HTTP=0: without the clock samples of the page's HTTP (the socket's pongs alone).
    lateHttpSamples: process.env.HTTP !== '0',
    // READ=0: the player takes the schedule from the socket alone, not from the room's read after the join.
    lateReadSchedule: process.env.READ !== '0',
    // HTTP_CLOCK=0: without the page's clock requests (the room's read and the join alone).
    ...(process.env.HTTP_CLOCK ? { lateHttpClockPings: Number(process.env.HTTP_CLOCK) } : {}),
    // QUICK=1: the late joiners alone (no other members: other links than the figures' own), for trying variants.
    ...(process.env.QUICK ? { members: 1, deadMembers: 0 } : {}),
  });
  worstP95 = Math.max(worstP95, f.skewP95);
  worstP99 = Math.max(worstP99, f.skewP99);
  maxCorrection = Math.max(maxCorrection, f.maxCorrection);
  resyncs += f.resyncs;
  skew.push(`${seed}:${f.skewP95}/${f.skewP99}`);
  for (const t of traces) {
    total++;
    settles.push(t.settleMs < 0 ? Number.POSITIVE_INFINITY : t.settleMs);
    if (Math.abs(t.errorFirstHeardMs) > 30) heardOff++;
    if (t.settleMs >= 0 && t.settleMs <= 2_000) {
      within++;
      continue;
    }
    console.log(
      `seed ${seed} #${t.index} rtt ${fmt(t.rttMs)}: within ${fmt(t.settleMs)} ms, heard ${fmt(t.firstHeardMs)} ms at ${fmt(t.errorFirstHeardMs)} ms off; ` +
        `clock settled ${fmt(t.clockSettledMs)} ms at ${fmt(t.clockErrorAtSettledMs)} off; clock off at 1/1.5/2 s ${t.clockErrorMs.map(fmt).join('/')} ` +
        `pongs ${t.pongs.join('/')}; restarts ${t.preRollRestarts}; losses ${t.losses.join(' ') || '-'}`,
    );
  }
}
settles.sort((a, b) => a - b);
console.log(
  `seeds ${from}–${to ?? from}: ${within} of ${total} within ±30 ms in 2 s; median ${fmt(settles[Math.floor(settles.length / 2)])} ms; ` +
    `heard first more than 30 ms off ${heardOff}; skew worst p95 ${worstP95} ms, p99 ${worstP99} ms; max correction ${(maxCorrection * 100).toFixed(2)} %; resyncs ${resyncs}`,
);
if (process.env.SKEW) console.log(skew.join(' '));
