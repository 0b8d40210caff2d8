import { createHash } from 'node:crypto';
import os from 'node:os';

/** The probe's time on an idle 2-core machine of the kind the suite's ceilings were set on. */
const REFERENCE_MS = 75;

/**
 * How much slower this machine is right now than that one, from 1 to 4: the slower of a short CPU
 * probe and the load average per core. Ceilings of tests that run real processes (a server killed
 * mid-transcode, ffmpeg, encoders) are multiplied by it, so a busy machine waits longer instead of
 * failing; `TEST_TIME_FACTOR` sets it by hand.
 */
export function machineFactor(): number {
  const given = Number(process.env.TEST_TIME_FACTOR);
  if (given > 0) return given;
  const buf = Buffer.alloc(1 << 20, 7);
  const probes = [0, 1, 2].map(() => {
    const start = performance.now();
    for (let i = 0; i < 40; i++) createHash('sha256').update(buf).digest();
    return performance.now() - start;
  });
  const cpu = probes.sort((a, b) => a - b)[1] / REFERENCE_MS;
  const load = 1 + os.loadavg()[0] / os.availableParallelism();
  return Math.min(4, Math.max(1, Math.round(Math.max(cpu, load) * 10) / 10));
}
