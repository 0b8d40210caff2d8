import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { perApp } from './per-app';

describe('perApp', () => {
  it('builds one value per context, on first use, and never shares it between contexts', () => {
    let made = 0;
    const counter = perApp(() => ({ n: ++made }));
    const a = {} as AppContext;
    const b = {} as AppContext;
    expect(made).toBe(0);
    expect(counter(a)).toBe(counter(a));
    expect(counter(b)).not.toBe(counter(a));
    expect(made).toBe(2);
  });

  it('keeps a null value instead of making it again', () => {
    let made = 0;
    const nothing = perApp(() => {
      made++;
      return null;
    });
    const a = {} as AppContext;
    expect(nothing(a)).toBeNull();
    expect(nothing(a)).toBeNull();
    expect(made).toBe(1);
  });
});
