import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  STREAM_KEY_MESSAGES,
  STREAM_KEY_PREFIX,
  STREAM_KEYS_MAX,
  type TStreamKey,
  type TStreamKeyInput,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import * as repo from './stream-keys-repo';

/** hex SHA-256: keys carry 256 random bits, so a fast hash is enough (no password stretching). */
export const hashStreamKey = (key: string) => createHash('sha256').update(key).digest('hex');

const newSecret = () => {
  const secret = STREAM_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, keyHash: hashStreamKey(secret), prefix: secret.slice(0, STREAM_KEY_PREFIX.length + 6) };
};

/** The list's view of a key: never its hash. */
export function presentStreamKey(row: repo.StreamKeyRow): TStreamKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Who an encoder is: the key's owner (as a session user) and the key's id and name. */
export interface KeyHolder {
  user: SessionUser;
  suspended: boolean;
  keyId: string;
  keyName: string;
}

/** Stream keys: created and regenerated (shown once), listed, revoked, and checked for the encoder ingest. */
export const streamKeysService = perApp(makeStreamKeysService);

function makeStreamKeysService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    async create(user: SessionUser, input: TStreamKeyInput) {
      if ((await repo.countLiveKeys(db, user.id)) >= STREAM_KEYS_MAX) throw conflict(STREAM_KEY_MESSAGES.tooMany);
      const { secret, keyHash, prefix } = newSecret();
      const row = await repo.insertKey(db, {
        userId: user.id,
        name: input.name,
        keyHash,
        prefix,
        createdAt: ctx.clock.now(),
      });
      return { row, secret };
    },

    list: (user: SessionUser) => repo.listLiveKeys(db, user.id),

    /** A new secret; a source still using the old one is cut (stream-key.revoked, on every process). */
    async regenerate(user: SessionUser, id: string) {
      const { secret, keyHash, prefix } = newSecret();
      const row = await db.transaction(async (tx) => {
        const updated = await repo.rekey(tx, user.id, id, { keyHash, prefix, createdAt: ctx.clock.now() });
        if (!updated) throw notFound('Stream key');
        await ctx.events.record(tx, 'stream-key.revoked', { userId: user.id, keyId: updated.id });
        return updated;
      });
      await ctx.events.deliverNow();
      return { row, secret };
    },

    /** Revokes the key; its sources are cut (stream-key.revoked, on every process). */
    async revoke(user: SessionUser, id: string) {
      const row = await db.transaction(async (tx) => {
        const revoked = await repo.revokeKey(tx, user.id, id, ctx.clock.now());
        if (!revoked) throw notFound('Stream key');
        await ctx.events.record(tx, 'stream-key.revoked', { userId: user.id, keyId: revoked.id });
        return revoked;
      });
      await ctx.events.deliverNow();
      return row;
    },

    /** The holder of a key in use, or null (unknown, revoked, or not shaped like one of ours). */
    async authenticate(key: string): Promise<KeyHolder | null> {
      if (!key.startsWith(STREAM_KEY_PREFIX) || key.length > 200) return null;
      const hash = hashStreamKey(key);
      const found = await repo.findLiveKey(db, hash);
      // The lookup is by hash (nothing about the key leaks through its timing); compared again in constant time.
      if (!found || !timingSafeEqual(Buffer.from(found.key.keyHash), Buffer.from(hash))) return null;
      await repo.touchKey(db, found.key.id, ctx.clock.now());
      return {
        user: {
          id: found.user.id,
          email: found.user.email,
          role: found.user.userRole,
          displayName: found.user.displayName,
          sessionId: `stream-key:${found.key.id}`,
        },
        suspended: !!found.user.suspendedAt,
        keyId: found.key.id,
        keyName: found.key.name,
      };
    },
  };
}
