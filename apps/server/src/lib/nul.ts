import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_MESSAGE = 'Text may not contain NUL characters.';

/** Whether a parsed request value (string, array, object: keys and values) holds a NUL character. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (buffers, streams) are bytes, not text fields.
  if (value === null || typeof value !== 'object' || depth > 32 || ArrayBuffer.isView(value)) return false;
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store NUL in text (it answers an encoding error): one check on every route's
 * params, query and parsed body, before validation, refuses it as bad input. Covers better-auth's
 * routes too; multipart text goes through `refuseNulParts`.
 */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) throw badRequest(NUL_MESSAGE);
  });
}

/** Multipart parts as they stream, refusing text fields and file names that hold NUL. */
export async function* refuseNulParts(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  for await (const part of parts) {
    if (part.type === 'field' ? hasNul(part.value) || hasNul(part.fieldname) : hasNul(part.filename)) {
      throw badRequest(NUL_MESSAGE);
    }
    yield part;
  }
}
