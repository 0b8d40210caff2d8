import { describe, expect, it } from 'vitest';
import { wrapSchemaDeclarations } from './pure-schemas';

describe('wrapSchemaDeclarations', () => {
  it('wraps one-line and multi-line schema declarations in a pure IIFE', () => {
    const source = [
      "import { z } from 'zod';",
      'export const LIMIT = 3;',
      'export const ZA = z.object({ id: z.string() });',
      'const zText = z',
      '  .string()',
      '  .max(2000);',
      'export const ZB = ZA.extend({',
      '  text: zText,',
      '});',
      'export type TB = z.infer<typeof ZB>;',
    ].join('\n');
    expect(wrapSchemaDeclarations(source)).toBe(
      [
        "import { z } from 'zod';",
        'export const LIMIT = 3;',
        'export const ZA = /* @__PURE__ */ (() => z.object({ id: z.string() }))();',
        'const zText = /* @__PURE__ */ (() => z\n  .string()\n  .max(2000))();',
        'export const ZB = /* @__PURE__ */ (() => ZA.extend({\n  text: zText,\n}))();',
        'export type TB = z.infer<typeof ZB>;',
      ].join('\n'),
    );
  });

  it('keeps a typed declaration and leaves constants, functions and indented code alone', () => {
    const source = [
      'export const ZNode: z.ZodType<Node> = z.lazy(() => ZLeaf);',
      'export const zero = 0;',
      'export const LABELS = { z: 1 };',
      'function f() {',
      '  const ZInner = z.string();',
      '  return ZInner;',
      '}',
    ].join('\n');
    const out = wrapSchemaDeclarations(source).split('\n');
    expect(out[0]).toBe('export const ZNode: z.ZodType<Node> = /* @__PURE__ */ (() => z.lazy(() => ZLeaf))();');
    expect(out.slice(1)).toEqual(source.split('\n').slice(1));
  });

  it('ends a declaration where its statement ends, not at a semicolon inside a callback', () => {
    const source = [
      'export const ZC = ZB.superRefine((c, ctx) => {',
      "  for (const p of [1]) ctx.addIssue({ code: 'custom', message: String(p) });",
      '});',
      '',
      'export const N = 1;',
    ].join('\n');
    const out = wrapSchemaDeclarations(source).split('\n');
    expect(out[0]).toBe('export const ZC = /* @__PURE__ */ (() => ZB.superRefine((c, ctx) => {');
    expect(out[2]).toBe('}))();');
    expect(out.slice(3)).toEqual(['', 'export const N = 1;']);
  });

  it('gives the same values when evaluated', () => {
    const source = 'const Zx = Math.max(1, 2);\nexport const Zy = Zx + 1;';
    const run = (code: string) => new Function(`${code.replaceAll('export ', '')}; return Zy;`)();
    expect(run(wrapSchemaDeclarations(source))).toBe(run(source));
  });
});
