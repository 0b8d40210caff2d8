// The web's `zod` (vite.config.ts aliases the bare specifier here): zod's JIT probes
// `new Function` when it builds the first object schema, which our CSP (no 'unsafe-eval') reports
// as a violation (Lighthouse best practices). Configured jitless before any schema is built: this
// module runs before every module that imports `zod`, and lands in zod's own chunk, not Home's.
// In the browser's build its side effect is not kept on its own (vite.config.ts
// `zodConfigOnlyWithSchemas`): the entry has already done the same (zod-jitless-global.ts).
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
