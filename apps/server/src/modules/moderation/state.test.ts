import { describe, expect, it } from 'vitest';
import { nextStatus } from './state';

describe('report transitions', () => {
  it('acts on open reports only', () => {
    expect(nextStatus('open', 'dismiss')).toBe('dismissed');
    expect(nextStatus('open', 'remove')).toBe('removed');
    expect(nextStatus('open', 'suspend')).toBe('suspended');
    for (const s of ['dismissed', 'removed', 'suspended'] as const) {
      expect(nextStatus(s, 'dismiss')).toBeNull();
      expect(nextStatus(s, 'remove')).toBeNull();
    }
  });
});
