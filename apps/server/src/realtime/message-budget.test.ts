import { describe, expect, it } from 'vitest';
import { MessageBudget } from './message-budget';

describe('MessageBudget', () => {
  it('allows the burst at once, then refuses until time refills it', () => {
    let now = 1_000;
    const budget = new MessageBudget(5, 2, () => now);
    const first = Array.from({ length: 8 }, () => budget.take());
    expect(first.filter(Boolean)).toHaveLength(5);
    expect(first.slice(5)).toEqual([false, false, false]);
    now += 500; // 2 per second: one token back
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('refills no further than the burst after a long pause', () => {
    let now = 0;
    const budget = new MessageBudget(3, 10, () => now);
    for (let i = 0; i < 3; i++) budget.take();
    now += 60_000;
    expect(Array.from({ length: 5 }, () => budget.take()).filter(Boolean)).toHaveLength(3);
  });

  it('lets a steady sender at the allowed rate go on indefinitely', () => {
    let now = 0;
    const budget = new MessageBudget(2, 20, () => now);
    for (let i = 0; i < 1_000; i++) {
      now += 50; // exactly 20 a second
      expect(budget.take()).toBe(true);
    }
  });
});
