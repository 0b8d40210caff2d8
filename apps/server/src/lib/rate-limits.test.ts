import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './rate-limits';

const MINUTE = 60_000;
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('RATE_LIMITS', () => {
  it('keeps the spec’s numbers (a change here is a change of requirement)', () => {
    const table = Object.fromEntries(Object.entries(RATE_LIMITS).map(([k, v]) => [k, [v.max, v.timeWindow]]));
    expect(table).toEqual({
      passwordCheck: [10, MINUTE],
      signIn: [10, MINUTE],
      signUp: [10, MINUTE],
      mailRequest: [3, MINUTE],
      resetTokenCheck: [30, MINUTE],
      moderationClaim: [10, MINUTE],
      report: [60, MINUTE],
      contact: [5, 10 * MINUTE],
      comment: [10, MINUTE],
      liveChat: [5, 10_000],
      roomJoin: [30, MINUTE],
      roomChat: [5, 10_000],
      roomWrite: [120, MINUTE],
      apiToken: [60, MINUTE],
      listenerWrite: [120, MINUTE],
      write: [60, MINUTE],
      settings: [30, MINUTE],
      heavyWrite: [20, MINUTE],
      trackUpload: [60, 10 * MINUTE],
      playReport: [60, MINUTE],
      adRequest: [120, MINUTE],
      adReport: [10, MINUTE],
      adEvent: [600, MINUTE],
      referralClick: [120, MINUTE],
    });
  });

  it('is the only place a route’s limit is written as numbers', () => {
    const inline = sourceFiles(SRC)
      .filter((f) => !f.endsWith(path.join('lib', 'rate-limits.ts')))
      .filter((f) => /\btimeWindow\s*:/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(inline).toEqual([]);
  });
});
