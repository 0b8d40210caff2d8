import { isUuid } from '@wavecast/shared';
import { badRequest } from '../../lib/errors';

/** Opaque keyset cursor: the sort it belongs to, and the sort key and id of the last row shown. */
export function encodeCursor(sort: string, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(cursor: string | undefined, sort: string): { key: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [s, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const keyOk = sort === 'popular' ? /^-?\d{1,12}$/.test(key) : ISO_MICROS.test(key);
    if (s === sort && typeof key === 'string' && keyOk && typeof id === 'string' && isUuid(id)) return { key, id };
  } catch {
    // fall through to the error below
  }
  throw badRequest('Invalid cursor');
}
