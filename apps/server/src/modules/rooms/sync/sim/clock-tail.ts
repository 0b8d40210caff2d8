import { ClockFilter } from '@wavecast/shared';
import { seeded } from './rng';

/**
 * How far off the clock estimate alone is at given times after connecting, over many links of the
 * simulation's network (RTT 20–300 ms, one way RTT/2 ± 100 ms never below RTT/4, loss retransmitted
 * after max(200 ms, RTT) + RTT and delivered in order, ±200 ppm): the information a join burst
 * carries, whatever the controller does with it (ADR 0057, the last late joiners).
 *
 *   cd apps/server && SPACING=80 LOSS=0.02 LINKS=5000 npx tsx src/modules/rooms/sync/sim/clock-tail.ts
 */
const spacing = Number(process.env.SPACING ?? 80);
const burst = Math.round(2_000 / spacing);
const loss = Number(process.env.LOSS ?? 0.02);
const links = Number(process.env.LINKS ?? 5_000);
const times = [1_000, 1_200, 1_400, 1_600, 1_800, 2_000];
const errors: number[][] = times.map(() => []);
const rng = seeded(12_345);

for (let k = 0; k < links; k++) {
  const rtt = rng.between(20, 300);
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
  const pongs = sent.map((t0) => {
    const t1 = arrival('up', t0);
    const t2 = t1 + rng.between(0, 0.5);
    const at = arrival('down', t2);
    return { t0: local(t0), t1, t2, t3: local(at), at };
  });
  pongs.sort((a, b) => a.at - b.at);
  const filter = new ClockFilter();
  let next = 0;
  times.forEach((t, i) => {
    while (next < pongs.length && pongs[next].at <= t) filter.add(pongs[next++]);
    errors[i].push(filter.count === 0 ? Number.POSITIVE_INFINITY : Math.abs(filter.toServer(local(t)) - t));
  });
}

const quantile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
console.log(`pings ${spacing} ms apart (${burst}), loss ${loss * 100} %, ${links} links: |estimate − server|`);
times.forEach((t, i) => {
  const over = (errors[i].filter((e) => e > 25).length / links) * 100;
  console.log(
    `  ${t} ms: p90 ${quantile(errors[i], 0.9).toFixed(1)} ms, p99 ${quantile(errors[i], 0.99).toFixed(1)} ms, over 25 ms ${over.toFixed(2)} %`,
  );
});
