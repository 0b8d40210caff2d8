import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { JobQueue } from './queue';

/** The queue's own test jobs (the app's job map is JobPayloads in packages/shared). */
interface TestJobs {
  'test.work': { name: string };
  'test.transcode': Record<string, never>;
  'test.mail': Record<string, never>;
  'test.weekly': { week: string };
  'test.retry': Record<string, never>;
  'test.paced': Record<string, never>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('JobQueue', () => {
  it('runs jobs, retries failures, and reclaims a job whose worker died', async () => {
    const q = new JobQueue<TestJobs>(t.ctx.database);
    const seen: string[] = [];
    let failOnce = true;
    q.register('test.work', async (p) => {
      if (p.name === 'flaky' && failOnce) {
        failOnce = false;
        throw new Error('boom');
      }
      seen.push(String(p.name));
    });
    await q.enqueue('test.work', { name: 'a' });
    const flaky = await q.enqueue('test.work', { name: 'flaky' });
    await q.drain();
    expect(seen).toEqual(['a']);
    const [row] = await t.ctx.database.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM jobs WHERE id = $1',
      [flaky],
    );
    expect(row).toEqual({ status: 'queued', last_error: 'boom' });

    // A crashed worker leaves a row "running" with an expired lock: it is claimed again.
    await t.ctx.database.query(
      `UPDATE jobs SET run_at = now(), status = 'running', locked_until = now() - interval '1 second' WHERE id = $1`,
      [flaky],
    );
    await q.drain();
    expect(seen).toEqual(['a', 'flaky']);
  });

  it("waits its type's retry delay after a failure (2^n seconds by default)", async () => {
    const q = new JobQueue<TestJobs>(t.ctx.database);
    q.register('test.retry', async () => {
      throw new Error('relay down');
    });
    q.register(
      'test.paced',
      async () => {
        throw new Error('later');
      },
      { retryDelaySeconds: (attempt) => [600, 3600][attempt - 1] ?? 60 },
    );
    const mail = await q.enqueue('test.retry', {}, { maxAttempts: 3 });
    const weekly = await q.enqueue('test.paced', {}, { maxAttempts: 3 });
    await q.drain();
    const waits = await t.ctx.database.query<{ id: string; secs: number }>(
      'SELECT id, extract(epoch FROM run_at - updated_at)::int AS secs FROM jobs WHERE id = ANY($1)',
      [[mail, weekly]],
    );
    expect(Object.fromEntries(waits.map((w) => [w.id, Number(w.secs)]))).toEqual({ [mail]: 2, [weekly]: 600 });
  });

  it('runs lanes side by side: a quick job does not wait behind a long media job', async () => {
    const q = new JobQueue<TestJobs>(t.ctx.database);
    let release!: () => void;
    const blocker = new Promise<void>((r) => {
      release = r;
    });
    let mediaStarted = false;
    let mailDone = false;
    q.register(
      'test.transcode',
      async () => {
        mediaStarted = true;
        await blocker;
      },
      { lane: 'media' },
    );
    q.register('test.mail', async () => {
      mailDone = true;
    });
    q.start(50);
    await q.enqueue('test.transcode', {});
    await q.enqueue('test.mail', {});
    const deadline = Date.now() + 10_000;
    while (!(mediaStarted && mailDone) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(mediaStarted).toBe(true);
    expect(mailDone).toBe(true);
    release();
    await q.stop();
  });

  it('enqueueUnlessWaiting queues one run however many ask at once, and again once it ran', async () => {
    const q = new JobQueue<TestJobs>(t.ctx.database);
    let runs = 0;
    q.register('test.weekly', async () => {
      runs++;
    });
    const runAt = new Date(Date.now() - 1000);
    const asked = await Promise.all(
      Array.from({ length: 8 }, () => q.enqueueUnlessWaiting('test.weekly', { week: 'w1' }, { runAt })),
    );
    expect(asked.filter(Boolean)).toHaveLength(1);
    const waiting = () => t.ctx.database.query(`SELECT 1 FROM jobs WHERE type = 'test.weekly' AND status = 'queued'`);
    expect(await waiting()).toHaveLength(1);
    await q.drain();
    expect(runs).toBe(1);
    expect(await q.enqueueUnlessWaiting('test.weekly', { week: 'w2' }, { runAt })).toBe(true);
    expect(await waiting()).toHaveLength(1);
  });

  it("calls the onFailed of the job type that ran out of attempts, and no other type's", async () => {
    const q = new JobQueue<TestJobs>(t.ctx.database);
    const failed: string[] = [];
    q.register(
      'test.work',
      async () => {
        throw new Error('always');
      },
      { onFailed: async (p, message) => void failed.push(`${p.name}: ${message}`) },
    );
    q.register('test.mail', async () => {
      throw new Error('relay down');
    });
    await q.enqueue('test.work', { name: 'doomed' }, { maxAttempts: 1 });
    await q.enqueue('test.mail', {}, { maxAttempts: 1 });
    await q.drain();
    expect(failed).toEqual(['doomed: always']);
  });
});
