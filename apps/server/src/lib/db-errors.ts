/**
 * What a database failure means for the client. Drivers and Drizzle wrap errors (`cause`), so the
 * chain is searched: PostgreSQL SQLSTATEs of malformed input are the client's (400); a database
 * (or object store) that is closed, unreachable, too slow or shutting down is ours, for a while (503).
 */
export type DatabaseFailure = 'bad-input' | 'unavailable';

/** 22021 bad byte sequence (NUL), 22P05 untranslatable character, 22P02 invalid text (a non-uuid id). */
const BAD_INPUT = new Set(['22021', '22P05', '22P02']);
/**
 * Admin/crash shutdown, cannot connect now, too many connections, statement_timeout (57014: the
 * database is too slow to answer now); socket errors reaching the server.
 */
const UNAVAILABLE = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  /PGlite is closed/i,
  /Cannot use a pool after calling end/i,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /is not queryable/i,
  // The client's query_timeout: nothing came back (a network dropping packets).
  /Query read timeout/i,
];

export function classifyDatabaseError(err: unknown): DatabaseFailure | null {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (BAD_INPUT.has(code)) return 'bad-input';
      // SQLSTATE class 08: connection exception.
      if (UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return 'unavailable';
    // The AWS SDK's connection, request and socket timeouts (S3 storage that stopped answering).
    if ((e as { name?: unknown }).name === 'TimeoutError') return 'unavailable';
    e = cause;
  }
  return null;
}

/** Seconds a client is told to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Whether the error, or one in its cause chain, has this SQLSTATE. */
function hasSqlState(err: unknown, code: string): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a unique index refused the write (23505). */
export const isUniqueViolation = (err: unknown): boolean => hasSqlState(err, '23505');

/** Whether a foreign key refused the write (23503): the row it points at is gone. */
export const isForeignKeyViolation = (err: unknown): boolean => hasSqlState(err, '23503');
