import { z } from 'zod';

/** Personal access tokens for the public API: `Authorization: Bearer <token>`. */
export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_NAME_MAX = 80;
/** The most tokens an account may hold (revoked ones not counted). */
export const TOKENS_MAX = 20;
/** Requests one token may make per window (its own limit, apart from the per-address ones). */
export const TOKEN_RATE_LIMIT = { max: 60, windowMs: 60_000 } as const;
/** Every token starts with this, so secret scanners and people can recognise one. */
export const TOKEN_PREFIX = 'wct_';

export const TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it will not be shown again.',
  revoked: 'Token revoked.',
  invalid: 'Invalid or revoked token',
  readOnly: 'This token is read-only',
  notHere: 'Access tokens cannot be used on this route',
  tooMany: `You can have at most ${TOKENS_MAX} tokens`,
  rateLimited: 'Too many requests for this token. Try again later.',
} as const;

export const ZTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(TOKEN_NAME_MAX, `Name must be at most ${TOKEN_NAME_MAX} characters`)
    .refine((s) => !s.includes('\0'), 'Name contains an invalid character'),
  scope: z.enum(TOKEN_SCOPES),
});
export type TokenInput = z.infer<typeof ZTokenInput>;

export const ZToken = z.object({
  id: z.string().uuid(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Token = z.infer<typeof ZToken>;

export const ZTokenList = z.object({ items: z.array(ZToken) });
/** The creation answer: the only time the token itself is shown. */
export const ZTokenCreated = z.object({ token: ZToken, secret: z.string(), message: z.string() });
