/**
 * CSV cells, written once for every export (server reports, the web's analytics download).
 *
 * Formula injection (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is prefixed with a single quote, so a spreadsheet reads it as text and never runs
 * it. Numbers, booleans and empty cells are data, never defused. A cell holding a comma, a double
 * quote, a CR or an LF is quoted, its double quotes doubled (RFC 4180); `quoteText` quotes every
 * text cell (a report that has always been written that way). Objects are written as JSON.
 */
export interface CsvOptions {
  /** Quote every text cell, not only those that need it. */
  quoteText?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  let s = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return options.quoteText || NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record: its cells joined by commas (the caller adds the line ending it uses). */
export function csvRow(values: readonly unknown[], options?: CsvOptions): string {
  return values.map((v) => csvCell(v, options)).join(',');
}
