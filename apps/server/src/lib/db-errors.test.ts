import { describe, expect, it } from 'vitest';
import { classifyDatabaseError, isForeignKeyViolation, isUniqueViolation } from './db-errors';

/** A PostgreSQL error as node-postgres and PGlite throw it, wrapped the way Drizzle wraps it. */
const pgError = (code: string) => Object.assign(new Error('pg says'), { code });
const drizzleWrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('classifyDatabaseError', () => {
  it.each([
    ['22021', 'invalid byte sequence (NUL)'],
    ['22P05', 'untranslatable character'],
    ['22P02', 'invalid text representation (a non-uuid id)'],
  ])('%s (%s) is bad input, bare or wrapped', (code) => {
    expect(classifyDatabaseError(pgError(code))).toBe('bad-input');
    expect(classifyDatabaseError(drizzleWrapped(pgError(code)))).toBe('bad-input');
  });

  it.each([
    pgError('57P01'),
    pgError('57P03'),
    pgError('08006'),
    pgError('53300'),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('PGlite is closed'),
    new Error('Cannot use a pool after calling end on the pool'),
    new Error('Connection terminated unexpectedly'),
    pgError('57014'),
    new Error('Query read timeout'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Connection terminated due to connection timeout'),
    new Error('Client has encountered a connection error and is not queryable'),
    Object.assign(new Error('Socket timed out without establishing a connection within 50 ms'), {
      name: 'TimeoutError',
    }),
  ])('%s means the database is unavailable, bare or wrapped', (err) => {
    expect(classifyDatabaseError(err)).toBe('unavailable');
    expect(classifyDatabaseError(drizzleWrapped(err))).toBe('unavailable');
  });

  it('leaves every other error alone', () => {
    expect(classifyDatabaseError(pgError('23505'))).toBeNull(); // unique violation: the caller's to handle
    expect(classifyDatabaseError(new Error('boom'))).toBeNull();
    expect(classifyDatabaseError(drizzleWrapped(new Error('boom')))).toBeNull();
    expect(classifyDatabaseError(undefined)).toBeNull();
    expect(classifyDatabaseError('text')).toBeNull();
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(classifyDatabaseError(a)).toBeNull();
  });
});

describe('constraint violations', () => {
  it('are told apart by SQLSTATE, bare or wrapped by the query builder', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(drizzleWrapped(pgError('23505')))).toBe(true);
    expect(isForeignKeyViolation(drizzleWrapped(pgError('23503')))).toBe(true);
    expect(isForeignKeyViolation(pgError('23505'))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});
