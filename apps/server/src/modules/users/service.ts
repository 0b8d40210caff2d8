import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type TNotificationPrefs,
  type TPrivacyPrefs,
  type TProfileUpdate,
  USER_MESSAGES,
  ZProfileUpdate,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { AVATAR_SIZE, squareImage } from '../../media/square-image';
import { avatarKeyFor, avatarUrlFor, uploadedAvatar } from './avatar';
import { canBecomeCreator } from './policy';
import * as repo from './repo';

/** An account's own profile, avatar, settings, and becoming a creator. */
export const userService = perApp(makeUserService);

function makeUserService(ctx: AppContext) {
  async function mustFind(id: string) {
    const row = await repo.findUser(ctx.database.db, id);
    if (!row) throw notFound('User');
    return row;
  }

  async function getOwnProfile(user: SessionUser) {
    const row = await mustFind(user.id);
    return { row, auth: await repo.findAuthFacts(ctx.database.db, user.id) };
  }

  async function updateOwnProfile(user: SessionUser, input: TProfileUpdate) {
    const patch = ZProfileUpdate.parse(input);
    const row = await ctx.database.db.transaction(async (tx) => {
      const row = await repo.updateUser(tx, user.id, patch);
      // The session carries the display name: every process reads it again.
      if (row) await ctx.events.record(tx, 'account.changed', { userId: user.id });
      return row;
    });
    if (!row) throw notFound('User');
    await ctx.events.deliverNow();
    return { row, auth: await repo.findAuthFacts(ctx.database.db, user.id) };
  }

  /**
   * Checks a new avatar as covers are checked, re-encodes it to AVATAR_SIZE (squareImage), stores
   * that and points the profile at it; the previous upload is removed once the profile no longer
   * refers to it.
   */
  async function replaceAvatar(user: SessionUser, bytes: Buffer) {
    const image = await squareImage(bytes, {
      size: AVATAR_SIZE,
      tmpDir: path.join(ctx.config.dataDir, 'tmp', 'uploads'),
      ffmpeg: ctx.config.FFMPEG_PATH,
    });
    if (image === 'unsupported') throw new AppError('UNSUPPORTED_MEDIA', USER_MESSAGES.avatarInvalid);
    if (image === 'unreadable') throw new AppError('UNSUPPORTED_MEDIA', USER_MESSAGES.avatarUnreadable);
    const before = await mustFind(user.id);
    const file = `${randomUUID()}.${image.ext}`;
    const key = avatarKeyFor(user.id, file);
    await ctx.storage.put(key, Readable.from(image.bytes), { contentType: image.mime });
    let row: repo.UserRow | undefined;
    try {
      row = await repo.updateUser(ctx.database.db, user.id, { avatarUrl: avatarUrlFor(user.id, file) });
    } catch (e) {
      await ctx.storage.delete(key);
      throw e;
    }
    if (!row) {
      await ctx.storage.delete(key);
      throw notFound('User');
    }
    const old = uploadedAvatar(user.id, before.avatarUrl);
    if (old) await ctx.storage.delete(old.key).catch(() => {});
    return { row, auth: await repo.findAuthFacts(ctx.database.db, user.id) };
  }

  async function removeAvatar(user: SessionUser) {
    const before = await mustFind(user.id);
    const row = await repo.updateUser(ctx.database.db, user.id, { avatarUrl: null });
    const old = uploadedAvatar(user.id, before.avatarUrl);
    if (old) await ctx.storage.delete(old.key).catch(() => {});
    return { row: row ?? before, auth: await repo.findAuthFacts(ctx.database.db, user.id) };
  }

  /** The stored avatar of a user, or where it lives elsewhere (a provider's picture URL). */
  async function findAvatar(userId: string) {
    const row = await repo.findUser(ctx.database.db, userId);
    if (!row?.avatarUrl) throw notFound('Avatar');
    const uploaded = uploadedAvatar(userId, row.avatarUrl);
    if (uploaded) return { kind: 'stored' as const, ...uploaded };
    if (/^https:\/\//i.test(row.avatarUrl)) return { kind: 'external' as const, url: row.avatarUrl };
    throw notFound('Avatar');
  }

  async function getOwnSettings(user: SessionUser) {
    return mustFind(user.id);
  }

  async function saveNotificationPrefs(user: SessionUser, prefs: TNotificationPrefs) {
    const row = await repo.updateUser(ctx.database.db, user.id, { notificationPrefs: prefs });
    if (!row) throw notFound('User');
    return row;
  }

  async function savePrivacyPrefs(user: SessionUser, prefs: TPrivacyPrefs) {
    const row = await repo.updateUser(ctx.database.db, user.id, { privacyPrefs: prefs });
    if (!row) throw notFound('User');
    return row;
  }

  /** Settings: a listener becomes a creator (idempotent for creators). */
  async function becomeCreator(user: SessionUser) {
    const row = await mustFind(user.id);
    if (row.userRole === 'creator') return row;
    if (!canBecomeCreator(row.userRole)) throw forbidden(USER_MESSAGES.onlyListenersBecomeCreators);
    const changed = await ctx.database.db.transaction(async (tx) => {
      const row = await repo.changeRoleIf(tx, user.id, 'listener', 'creator');
      if (row) await ctx.events.record(tx, 'role.changed', { userId: user.id, from: 'listener', to: 'creator' });
      return row;
    });
    if (changed) await ctx.events.deliverNow(); // creator routes open at once, on every process
    return changed ?? mustFind(user.id);
  }

  return {
    /** The account's row, or null. */
    find: (id: string) => repo.findUser(ctx.database.db, id),
    getOwnProfile,
    updateOwnProfile,
    replaceAvatar,
    removeAvatar,
    findAvatar,
    getOwnSettings,
    saveNotificationPrefs,
    savePrivacyPrefs,
    becomeCreator,
  };
}

export type UserService = ReturnType<typeof userService>;
