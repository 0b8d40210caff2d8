import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll } from 'vitest';

/**
 * The CPU seconds each test file costs, load-independently (wall time on a shared machine lies):
 * user + system time of the worker process (forks, with the child processes it waited for: servers,
 * ffmpeg) or of the worker thread (threads), read from /proc around the file and left in the file's
 * meta for scripts/file-times-reporter.ts.
 */
const TICKS_PER_SECOND = 100;

function cpuMs(): number | null {
  try {
    // Fields after the command's closing parenthesis: utime is the 12th, stime, cutime, cstime follow.
    const stat = fs.readFileSync(isMainThread ? '/proc/self/stat' : '/proc/thread-self/stat', 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = f[11] + f[12] + (isMainThread ? f[13] + f[14] : 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null; // not Linux: no figure
  }
}

// Setup files run before each test file is imported: its imports count too.
const start = cpuMs();
// The first argument is the (unused) fixture context, which vitest requires destructured.
// biome-ignore lint/correctness/noEmptyPattern: see above
afterAll(({}, suite) => {
  const end = cpuMs();
  if (start !== null && end !== null) suite.meta.cpuMs = Math.round(end - start);
});

declare module 'vitest' {
  interface TaskMeta {
    cpuMs?: number;
  }
}
