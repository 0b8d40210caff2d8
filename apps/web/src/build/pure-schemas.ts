/**
 * A build step (vite.config.ts `pureSchemas`), not browser code. The shared package's contract
 * modules mix constants (labels, limits, sort orders) with zod schemas built when the module is
 * evaluated (`export const ZTrack = z.object({…})`). A page that imports one constant from such a
 * module evaluated all its schemas, and with them zod, on the first view's main thread (issue 36:
 * ~26 KB gzipped and 100–400 ms of a phone's CPU on Explore, the audio page and profiles).
 *
 * Each top-level `const` whose initializer starts with a `z…`/`Z…` identifier (a schema, built from
 * zod or from other schemas) is wrapped in a pure IIFE, `/* @__PURE__ *\/ (() => …)()`: a schema
 * no chunk reads is then dropped with everything in its initializer, and one that is read is built
 * as before (the same expression, at the same point of the module). Schemas have no side effects.
 */

/** A top-level declaration whose value starts with an identifier beginning with z or Z. */
const DECLARATION = /^((?:export\s+)?const\s+\w+(?:\s*:[^=\n]+)?\s*=\s*)(?=[zZ]\w*\s*(?:[.(]|$))/;

/** A line that begins a new top-level statement or comment (or is blank, or the end of the file). */
const STATEMENT_START = /^(?:[A-Za-z_$/@]|\s*$)/;

/**
 * `source` with every top-level schema declaration wrapped. A declaration ends at the first line
 * ending in `;` whose next line starts a statement at column 0, or is blank (the formatter's
 * layout: a top-level statement's continuation lines are indented or close a bracket).
 */
export function wrapSchemaDeclarations(source: string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = DECLARATION.exec(lines[i]);
    if (!m) {
      out.push(lines[i]);
      continue;
    }
    let end = i;
    while (end < lines.length && !(lines[end].trimEnd().endsWith(';') && STATEMENT_START.test(lines[end + 1] ?? '')))
      end++;
    if (end === lines.length) {
      out.push(lines[i]);
      continue;
    }
    const body = lines.slice(i, end + 1).join('\n');
    const expr = body.slice(m[1].length, body.trimEnd().length - 1);
    out.push(`${m[1]}/* @__PURE__ */ (() => ${expr})();`);
    i = end;
  }
  return out.join('\n');
}
