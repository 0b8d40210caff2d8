import { describe, expect, it } from 'vitest';

describe("zod's JIT turned off through its global configuration", () => {
  it('zod reads the configuration the entry wrote before it loaded', async () => {
    await import('./zod-jitless-global');
    const { z } = await import('zod/v4');
    const config = z.config();
    expect(config.jitless).toBe(true);
    expect(config).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });
});
