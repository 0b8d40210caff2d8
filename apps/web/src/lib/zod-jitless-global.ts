// zod's JIT off before any zod module runs (lib/zod-jitless.ts says why), without importing zod:
// zod keeps its global configuration on `globalThis.__zod_globalConfig` (read once, when its core
// module loads; zod-jitless-global.test.ts pins it). The app's entry imports this first, so a first
// view that builds no schema needs no zod at all (vite.config.ts `zodConfigOnlyWithSchemas`).
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;

export {};
