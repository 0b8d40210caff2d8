import { describe, expect, it } from 'vitest';
import { canMove, due } from './state-machine';

describe('premiere state machine', () => {
  const startsAt = new Date('2026-12-01T20:00:00Z');
  it('goes live at its time and is done once the track has played through', () => {
    expect(due({ status: 'scheduled', startsAt }, 60_000, new Date(startsAt.getTime() - 1))).toBeNull();
    expect(due({ status: 'scheduled', startsAt }, 60_000, startsAt)).toBe('live');
    expect(due({ status: 'live', startsAt }, 60_000, new Date(startsAt.getTime() + 59_999))).toBeNull();
    expect(due({ status: 'live', startsAt }, 60_000, new Date(startsAt.getTime() + 60_000))).toBe('done');
    expect(due({ status: 'done', startsAt }, 60_000, new Date(startsAt.getTime() + 1e9))).toBeNull();
  });
  it('refuses moves outside the table', () => {
    expect(canMove('scheduled', 'live')).toBe(true);
    expect(canMove('scheduled', 'canceled')).toBe(true);
    expect(canMove('live', 'canceled')).toBe(false);
    expect(canMove('done', 'live')).toBe(false);
    expect(canMove('canceled', 'live')).toBe(false);
  });
});
