import { ClockFilter } from '@wavecast/shared';
import { seeded } from './rng';

/**
 * How far off the clock estimate alone is at given times after connecting, over many links of the
 * simulation's network (RTT 20–300 ms, one way RTT/2 ± 100 ms never below RTT/4, loss retransmitted
 * after max(200 ms, RTT) + RTT and delivered in order, ±200 ppm): the information a join burst
 * carries, whatever the controller does with it (ADR 0057, the last late joiners).
 *
 *   cd apps/server && SPACING=80 LOSS=0.02 LINKS=5000 npx tsx src/modules/rooms/sync/sim/clock-tail.ts
 *
 * Variants (ADR 0057, 2026-11-28): `RTT=250-300` (the links the tail is on), `BURST=10` (pings in
 * the burst, then one every 500 ms; default: the burst lasts 2 s), `PACE=80` (the server holds a
 * pong until the one before it left that long ago, so a clump of pings let through together by a
 * retransmission answers as separate samples of the way down), `ESTIMATOR=filter|fastest-rtt|low2`
 * (the core's filter: fastest way up and down apart; NTP's and Jellyfin's fastest round trip; the
 * mean of the two fastest ways each way).
 */
const spacing = Number(process.env.SPACING ?? 80);
const burst = Number(process.env.BURST ?? Math.round(2_000 / spacing));
const loss = Number(process.env.LOSS ?? 0.02);
const links = Number(process.env.LINKS ?? 5_000);
const [rttLo, rttHi] = (process.env.RTT ?? '20-300').split('-').map(Number);
const pace = Number(process.env.PACE ?? 0);
const estimator = process.env.ESTIMATOR ?? 'filter';
const times = [1_000, 1_200, 1_400, 1_600, 1_800, 2_000];
const errors: number[][] = times.map(() => []);
const rng = seeded(12_345);

type Pong = { t0: number; t1: number; t2: number; t3: number; at: number };
/** Server − local at the pongs' end from the received pongs, by the chosen estimator. */
const estimate = (got: Pong[], filter: ClockFilter, localNow: number): number => {
  if (estimator === 'filter') return filter.toServer(localNow) - localNow;
  if (estimator === 'fastest-rtt') {
    const best = got.reduce((a, b) => (b.t3 - b.t0 - (b.t2 - b.t1) < a.t3 - a.t0 - (a.t2 - a.t1) ? b : a));
    return (best.t1 - best.t0 + (best.t2 - best.t3)) / 2;
  }
  const ups = got.map((p) => p.t1 - p.t0).sort((a, b) => a - b);
  const downs = got.map((p) => p.t3 - p.t2).sort((a, b) => a - b);
  const k = Math.min(2, got.length);
  let sum = 0;
  for (let i = 0; i < k; i++) sum += (ups[i] - downs[i]) / 2;
  return sum / k;
};

for (let k = 0; k < links; k++) {
  const rtt = rng.between(rttLo, rttHi);
  const drift = rng.between(-200, 200) * 1e-6;
  const offset = rng.between(0, 1e7);
  const local = (t: number) => t * (1 + drift) + offset;
  const last = { up: 0, down: 0 };
  /** Arrival of a message sent at `now` one way: in order behind the one before it. */
  const arrival = (way: 'up' | 'down', now: number) => {
    let delay = Math.max(rtt / 4, rtt / 2 + rng.between(-100, 100));
    if (rng.chance(loss)) delay += Math.max(200, rtt) + rtt;
    last[way] = Math.max(last[way], now + delay);
    return last[way];
  };
  const sent: number[] = [];
  for (let i = 0; i < burst; i++) sent.push(i * spacing);
  for (let t = burst * spacing; t < 2_500; t += 500) sent.push(t);
  let lastPong = Number.NEGATIVE_INFINITY;
  const pongs: Pong[] = sent.map((t0) => {
    const t1 = arrival('up', t0);
    const t2 = Math.max(t1 + rng.between(0, 0.5), lastPong + pace);
    lastPong = t2;
    const at = arrival('down', t2);
    return { t0: local(t0), t1, t2, t3: local(at), at };
  });
  pongs.sort((a, b) => a.at - b.at);
  const filter = new ClockFilter();
  let next = 0;
  times.forEach((t, i) => {
    while (next < pongs.length && pongs[next].at <= t) filter.add(pongs[next++]);
    errors[i].push(
      next === 0
        ? Number.POSITIVE_INFINITY
        : Math.abs(estimate(pongs.slice(0, next), filter, local(t)) - (t - local(t))),
    );
  });
}

const quantile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
console.log(
  `pings ${spacing} ms apart (${burst}), loss ${loss * 100} %, RTT ${rttLo}–${rttHi} ms, pongs paced ${pace} ms, ${estimator}, ${links} links: |estimate − server|`,
);
times.forEach((t, i) => {
  const over = (errors[i].filter((e) => e > 25).length / links) * 100;
  console.log(
    `  ${t} ms: p90 ${quantile(errors[i], 0.9).toFixed(1)} ms, p99 ${quantile(errors[i], 0.99).toFixed(1)} ms, over 25 ms ${over.toFixed(2)} %`,
  );
});
