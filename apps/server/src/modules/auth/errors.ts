import { type ApiErrorBody, AUTH_MESSAGES, type ErrorCode } from '@wavecast/shared';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/** Where better-auth's wording is not what our screens say. */
const MESSAGE_BY_AUTH_CODE: Record<string, string> = {
  INVALID_TOKEN: AUTH_MESSAGES.invalidResetToken,
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  INVALID_PASSWORD: AUTH_MESSAGES.currentPasswordIncorrect,
};

/** better-auth's `{ code, message }` errors in our one shape `{ error: { code, message } }`. */
export function presentAuthError(status: number, raw: Buffer): ApiErrorBody {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    // not JSON after all: fall back to the status
  }
  const authCode = typeof parsed.code === 'string' ? parsed.code : undefined;
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
  const message =
    (authCode && MESSAGE_BY_AUTH_CODE[authCode]) ||
    (code === 'INTERNAL' ? 'Something went wrong. Please try again.' : undefined) ||
    (typeof parsed.message === 'string' && parsed.message) ||
    'Request failed';
  return { error: authCode ? { code, message, details: { reason: authCode } } : { code, message } };
}
