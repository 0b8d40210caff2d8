// Shared by the benchmarks: stop the servers they started and wait until they are gone, so a data
// directory is never removed under a running server (PGlite aborts when its files vanish).
import type { ChildProcess } from 'node:child_process';

/** SIGTERM each running child, SIGKILL it after `graceMs`, and resolve once all have exited. */
export async function stopChildren(children: ChildProcess[], graceMs = 10_000): Promise<void> {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map(
      (c) =>
        new Promise<void>((resolve) => {
          const kill = setTimeout(() => c.kill('SIGKILL'), graceMs);
          c.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
}
