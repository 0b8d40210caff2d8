/**
 * The time billing and allowances decide by. In production it is the system's; tests (and an e2e
 * server started with TEST_CLOCK=1) move it forward instead of sleeping.
 */
export class Clock {
  private offsetMs = 0;
  /** The system time when the clock was stopped (tests), else null. */
  private frozenAt: number | null = null;

  now(): Date {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }

  /**
   * Tests: stops the clock (then only `advance` moves it, so timing rules of a few hundred ms hold
   * on a busy machine), or lets it run again from where it stood.
   */
  freeze(on = true): void {
    if (on) {
      this.frozenAt ??= Date.now();
    } else if (this.frozenAt !== null) {
      this.offsetMs -= Date.now() - this.frozenAt;
      this.frozenAt = null;
    }
  }

  /** Moves time forward (never back: ledgers and state machines assume it only grows). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
}
