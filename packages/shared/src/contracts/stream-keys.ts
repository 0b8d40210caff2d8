import { z } from 'zod';

/**
 * Stream keys: the secret an encoder (OBS, BUTT, Mixxx, Liquidsoap, ffmpeg) sends as its Icecast
 * source password. Several named keys per creator (one per co-host or DJ), each revocable; the
 * key itself is shown once, at creation or regeneration.
 */
export const STREAM_KEY_PREFIX = 'wsk_';
export const STREAM_KEY_NAME_MAX = 60;
/** The most keys a creator may hold (revoked ones not counted). */
export const STREAM_KEYS_MAX = 10;
/** The mount encoders publish to (`icecast://source:<key>@host:port/live`). */
export const LIVE_INGEST_MOUNT = '/live';

export const STREAM_KEY_MESSAGES = {
  created: 'Stream key created. Copy it now: it will not be shown again.',
  regenerated: 'New stream key created. Copy it now: the old one no longer works.',
  revoked: 'Stream key revoked.',
  tooMany: `You can have at most ${STREAM_KEYS_MAX} stream keys`,
} as const;

export const ZStreamKeyInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(STREAM_KEY_NAME_MAX, `Name must be at most ${STREAM_KEY_NAME_MAX} characters`)
    .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32), 'Name contains an invalid character'),
});
export type TStreamKeyInput = z.infer<typeof ZStreamKeyInput>;

export const ZStreamKey = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TStreamKey = z.infer<typeof ZStreamKey>;

/** `ingestUrl`: where encoders connect (null when this server runs no encoder ingest). */
export const ZStreamKeyList = z.object({ ingestUrl: z.string().nullable(), items: z.array(ZStreamKey) });
export type TStreamKeyList = z.infer<typeof ZStreamKeyList>;

/** Creation and regeneration: the only time the key itself is shown. */
export const ZStreamKeyCreated = z.object({ key: ZStreamKey, secret: z.string(), message: z.string() });
export type TStreamKeyCreated = z.infer<typeof ZStreamKeyCreated>;
