import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSecondsOf } from './cpu-watch';
import { CpuBudgetExceededError, ffmpegStreaming } from './ffmpeg';
import { processCpuBudgetSeconds } from './transcode';

const hasProc = fs.existsSync('/proc/self/stat');

describe('processCpuBudgetSeconds', () => {
  it('is two minutes plus half a second per second of audio by default', () => {
    expect(processCpuBudgetSeconds(null)).toBe(120);
    expect(processCpuBudgetSeconds(3600)).toBe(120 + 1800);
    expect(processCpuBudgetSeconds(100, { factor: 0.1, baseSeconds: 0 })).toBe(10);
  });
});

describe.runIf(hasProc)('the CPU-time watch', () => {
  it('reads a process’s CPU time from /proc', () => {
    const before = cpuSecondsOf(process.pid) ?? -1;
    expect(before).toBeGreaterThanOrEqual(0);
    // Burn CPU until /proc shows a tenth of a second more (a busy machine gives us less per wall second).
    let after = before;
    const ceiling = Date.now() + 20_000;
    while (after - before < 0.1 && Date.now() < ceiling) after = cpuSecondsOf(process.pid) ?? -1;
    expect(after - before).toBeGreaterThanOrEqual(0.1);
  });

  it('kills an ffmpeg run that passes its CPU budget (an endless encode: only the budget ends it)', async () => {
    const endless = ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:r=48000', '-c:a', 'libopus', '-f', 'null', '-'];
    const started = Date.now();
    const run = ffmpegStreaming(endless, () => {}, { cpuSeconds: 0.5, timeoutMs: 120_000 });
    const error = await run.done.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CpuBudgetExceededError);
    expect((error as Error).message).toBe('ffmpeg used more than its 1 s CPU time budget');
    // Well before the wall-clock timeout: the budget, not the timer, ended it.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('leaves a run within its budget alone', async () => {
    const short = ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:r=8000:d=1', '-f', 's16le', 'pipe:1'];
    let bytes = 0;
    const run = ffmpegStreaming(short, (c) => (bytes += c.length), { cpuSeconds: 30 });
    await run.done;
    expect(bytes).toBe(16_000);
  });
});
