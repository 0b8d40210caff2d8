import type { ApiErrorBody, ErrorCode } from '@wavecast/shared';
import { confirmStepUp } from './step-up';

/** An error answered by our API, with its stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown> | unknown[];

/** fetch for our JSON API: same-origin cookies, JSON in and out, the shared error shape parsed. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  try {
    return await send<T>(path, init);
  } catch (e) {
    // A sensitive admin action: once the password is confirmed, the same request goes again.
    if (e instanceof ApiError && e.code === 'STEP_UP_REQUIRED' && (await confirmStepUp())) return send<T>(path, init);
    throw e;
  }
}

type ApiInit = Omit<RequestInit, 'body'> & {
  body?: Json | FormData;
  /**
   * Told the response's headers with the fetch timed on `performance.now()` (sent, headers back):
   * a response that carries a clock sample feeds the room's clock (ADR 0057).
   */
  timed?: (headers: Headers, sentAt: number, receivedAt: number) => void;
};

async function send<T>(path: string, { timed, ...init }: ApiInit): Promise<T> {
  const isForm = init.body instanceof FormData;
  let res: Response;
  const sentAt = performance.now();
  try {
    res = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: {
        ...(init.body && !isForm ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Check your connection and try again.');
  }
  timed?.(res.headers, sentAt, performance.now());
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'INTERNAL', err?.message ?? `Request failed (${res.status})`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
