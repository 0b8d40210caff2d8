import type { AppContext } from '../context';

/**
 * Per-app state, owned by the module that uses it: `perApp(make)` returns a getter that builds the
 * value for a context on first use and keeps it as long as that context lives. The only module-level
 * thing is the WeakMap keyed by the context object, so two apps in one process (tests) never share an
 * entry, and context.ts needs to know nothing of any module's state.
 */
export function perApp<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const values = new WeakMap<AppContext, T>();
  return (ctx) => {
    const found = values.get(ctx);
    if (found !== undefined || values.has(ctx)) return found as T;
    const made = make(ctx);
    values.set(ctx, made);
    return made;
  };
}
