/**
 * The time billing and allowances decide by. In production it is the system's; tests (and an e2e
 * server started with TEST_CLOCK=1) move it forward instead of sleeping.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves time forward (never back: ledgers and state machines assume it only grows). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
}
