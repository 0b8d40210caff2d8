import { describe, expect, it } from 'vitest';
import { reversalBase } from './close';
import { availableAtOf, isClosable, monthBounds, monthDays, nextMonth, previousMonth } from './month';
import { canMoveEntry, entryState } from './state-machine';

describe('months', () => {
  it('bounds, days and neighbours in UTC', () => {
    expect(monthBounds('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });
  it('closes two hours after the month ends; pays out 30 days after', () => {
    expect(isClosable('2026-11', new Date('2026-12-01T01:59:59Z'))).toBe(false);
    expect(isClosable('2026-11', new Date('2026-12-01T02:00:00Z'))).toBe(true);
    expect(availableAtOf('2026-11')).toEqual(new Date('2026-12-31T00:00:00Z'));
  });
});

describe('entries', () => {
  it('are pending, then available, then paid; never back', () => {
    const at = new Date('2026-12-31T00:00:00Z');
    expect(entryState(at, new Date('2026-12-30T23:59:59Z'))).toBe('pending');
    expect(entryState(at, at)).toBe('available');
    expect(entryState(at, at, true)).toBe('paid');
    expect(canMoveEntry('pending', 'available')).toBe(true);
    expect(canMoveEntry('available', 'paid')).toBe(true);
    expect(canMoveEntry('paid', 'available')).toBe(false);
    expect(canMoveEntry('pending', 'paid')).toBe(false);
  });
});

describe('reversalBase', () => {
  it('takes back the creators’ part of the refunded fraction of the payment’s net', () => {
    // $9.99 − 59¢ fee = 940; 30 % platform → creators 658.
    expect(reversalBase(940, 3000, -999, 999)).toBe(-658);
    expect(reversalBase(940, 3000, -400, 999)).toBe(-263); // 658 × 400 / 999 = 263.46
    expect(reversalBase(940, 3000, -5000, 999)).toBe(-658); // never more than the payment
    expect(reversalBase(-10, 3000, -999, 999)).toBe(0); // nothing went to creators
  });
});
