import { badRequest } from '../../lib/errors';

/** Opaque keyset cursor of the feed: the last item's time and id. */
export function encodeFeedCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeFeedCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString();
  const bar = text.indexOf('|');
  const at = new Date(bar > 0 ? text.slice(0, bar) : '');
  const id = bar > 0 ? text.slice(bar + 1) : '';
  // Item ids are uuids or "userId:uuid": printable, short.
  if (Number.isNaN(at.getTime()) || !/^[\w:-]{1,200}$/.test(id)) throw badRequest('Invalid cursor');
  return { at, id };
}
