import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second (/proc times are counted in them); 100 nearly everywhere. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) a running process has used, or null where there is no /proc. */
export function cpuSecondsOf(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces, so count fields after its closing parenthesis;
  // utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / clockTicks() : null;
}

/**
 * Calls `onExceeded` once the process has used more than `limitSeconds` of CPU. Polls /proc, so it
 * works with any ffmpeg binary (the system's or npm's) and needs no prlimit; where there is no
 * /proc (macOS) only the wall-clock timeout applies. Returns a stop function.
 */
export function watchCpu(pid: number, limitSeconds: number, onExceeded: () => void, everyMs = 250): () => void {
  const timer = setInterval(() => {
    const used = cpuSecondsOf(pid);
    if (used === null) return clearInterval(timer);
    if (used > limitSeconds) {
      clearInterval(timer);
      onExceeded();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
