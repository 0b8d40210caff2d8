import type { ApiErrorBody } from '@wavecast/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { classifyDatabaseError, RETRY_AFTER_SECONDS } from './db-errors';
import { AppError } from './errors';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
const BAD_INPUT_MESSAGE = 'The request holds a value that is not allowed.';

function body(code: ApiErrorBody['error']['code'], message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** The one error shape. No stack traces or SQL ever reach a response. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const retry = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retry === 'number') reply.header('retry-after', String(retry));
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send(body('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(body('VALIDATION_FAILED', err.issues[0]?.message ?? 'Invalid request', err.issues));
    }
    const failure = classifyDatabaseError(err);
    if (failure === 'bad-input') return reply.status(400).send(body('VALIDATION_FAILED', BAD_INPUT_MESSAGE));
    if (failure === 'unavailable') {
      req.log.warn({ err }, 'database or storage unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Please try again later.'));
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The upload is larger than the allowed size.'));
    }
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA', err.message));
    if (status >= 400 && status < 500) {
      const code =
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : 'VALIDATION_FAILED';
      return reply.status(status).send(body(code, err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong. Please try again.'));
  });
}
