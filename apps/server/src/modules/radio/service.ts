import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  isUuid,
  RADIO_DEFAULTS,
  RADIO_HISTORY_PAGE_SIZE,
  RADIO_KEY_PREFIX,
  RADIO_MESSAGES,
  resolveCategory,
  type TRadioChannelInput,
  type TRadioChannelUpdate,
  type TRadioProgram,
  ZRadioChannelInput,
  ZRadioChannelUpdate,
  ZRadioProgram,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { RadioNowPlayingFacts } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { PLAYLIST_COVER_SIZE, squareImage } from '../../media/square-image';
import { billing } from '../billing';
import { coverMimeOfKey } from '../playlists/cover';
import { type AirState, canMove, canSeeChannel, channelLimit, djMayTakeOver } from './policy';
import { presentChannel, presentDetail, presentNowPlaying } from './presenter';
import * as repo from './repo';

const channelNotFound = () => notFound('Channel');
export const hashRadioKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The topic the engine of every process listens on for program and air changes of channels. */
export const RADIO_INTERNAL_TOPIC = 'internal:radio';

/**
 * Radio channels (issue 38, ADR 0056): a creator's channels and their program, the channel's DJ
 * key, going on and off air (plan rules), and what the engine reports back (now playing, airings
 * → history and radio plays). The auto-DJ itself is `engine/`; it reads the program here.
 */
export const radioService = perApp(makeRadioService);

function makeRadioService(ctx: AppContext) {
  const { db } = ctx.database;
  const plans = () => billing(ctx).entitlements;

  /** The channel of its owner, else not found (another creator's id answers as a missing one). */
  async function own(user: SessionUser, id: string) {
    if (!isUuid(id)) throw channelNotFound();
    const found = await repo.findChannel(db, id);
    if (!found || found.channel.userId !== user.id) throw channelNotFound();
    return found;
  }

  async function visible(viewerId: string | null, id: string) {
    if (!isUuid(id)) throw channelNotFound();
    const found = await repo.findChannel(db, id);
    if (!found || !canSeeChannel(viewerId, found.channel, found.owner.suspended)) throw channelNotFound();
    return found;
  }

  const announce = (channelId: string, what: 'program' | 'air') =>
    ctx.bus.publish(RADIO_INTERNAL_TOPIC, 'radio.changed', { channelId, what });

  async function move(user: SessionUser, id: string, to: AirState) {
    const found = await own(user, id);
    const from: AirState = found.channel.onAir ? 'on_air' : 'off_air';
    if (from === to) return found;
    if (!canMove(from, to)) throw conflict(`A channel cannot go from ${from} to ${to}`);
    if (to === 'on_air') {
      const program = await repo.readProgram(db, id);
      if (program.rotations.length === 0) throw badRequest(RADIO_MESSAGES.emptyProgram);
      // The free plan's channel airs within the free monthly live allowance (live/allowance.ts rules).
      const left = (await plans().of(user)).entitlements.liveSecondsLeft;
      if (left === 0) throw new AppError('FORBIDDEN', RADIO_MESSAGES.allowanceUsed);
    }
    const onAir = to === 'on_air';
    await repo.updateChannel(db, id, {
      onAir,
      onAirAt: onAir ? ctx.clock.now() : null,
      ...(onAir ? {} : { streamId: null, listenerCount: 0, nowPlaying: null }),
    });
    await announce(id, 'air');
    await ctx.bus.publish(`radio:${id}`, 'radio.air', { channelId: id, onAir });
    return own(user, id);
  }

  return {
    async create(user: SessionUser, input: TRadioChannelInput) {
      const body = ZRadioChannelInput.parse(input);
      const { plan } = await plans().of(user);
      const limit = channelLimit(plan.id);
      if ((await repo.countChannels(db, user.id)) >= limit.max) throw new AppError('FORBIDDEN', limit.message);
      const row = await repo.insertChannel(db, {
        userId: user.id,
        name: body.name,
        description: body.description ?? null,
        category: body.category,
        ...RADIO_DEFAULTS,
      });
      return presentDetail(await own(user, row.id), await repo.readProgram(db, row.id));
    },

    async update(user: SessionUser, id: string, input: TRadioChannelUpdate) {
      const body = ZRadioChannelUpdate.parse(input);
      await own(user, id);
      await repo.updateChannel(db, id, body);
      return this.detail(user, id);
    },

    async remove(user: SessionUser, id: string) {
      const { channel } = await own(user, id);
      await repo.deleteChannel(db, id);
      if (channel.onAir) await announce(id, 'air');
      if (channel.coverKey) await ctx.storage.delete(channel.coverKey).catch(() => {});
    },

    async detail(user: SessionUser, id: string) {
      const found = await own(user, id);
      return presentDetail(found, await repo.readProgram(db, id));
    },

    mine: async (user: SessionUser) => (await repo.listOwn(db, user.id)).map(presentChannel),

    get: async (viewerId: string | null, id: string) => presentChannel(await visible(viewerId, id)),

    /**
     * Channels on air (Explore's live sections, search). A category filters them as it filters live
     * streams there (`resolveCategory`: an Explore category maps to live ones; an unknown one selects none).
     */
    async onAir(limit: number, q?: string, category?: string) {
      const categories = resolveCategory(category)?.liveCategories ?? undefined;
      if (categories?.length === 0) return [];
      return (await repo.listOnAir(db, limit, q, categories)).map(presentChannel);
    },

    async setProgram(user: SessionUser, id: string, input: TRadioProgram) {
      const p = ZRadioProgram.parse(input);
      await own(user, id);
      const playlistIds = [
        ...new Set([...p.rotations.map((r) => r.playlistId), ...p.slots.flatMap((s) => s.playlistId ?? [])]),
      ];
      const owners = await repo.playlistOwners(db, playlistIds);
      if (owners.length !== playlistIds.length || owners.some((o) => o.userId !== user.id))
        throw badRequest(RADIO_MESSAGES.notOwnPlaylist);
      // The going-live jingle is a jingle too: the creator's own track.
      const jingleIds = [
        ...new Set([...p.jingleTrackIds, ...(p.goingLiveJingleTrackId ? [p.goingLiveJingleTrackId] : [])]),
      ];
      const tracks = await repo.trackOwners(db, jingleIds);
      if (tracks.length !== jingleIds.length || tracks.some((t) => t.userId !== user.id))
        throw badRequest(RADIO_MESSAGES.notOwnJingle);
      await db.transaction(async (tx) => {
        await repo.replaceProgram(tx, id, {
          rotations: p.rotations,
          slots: p.slots.map((s) => ({ ...s, playlistId: s.kind === 'playlist' ? (s.playlistId ?? null) : null })),
          jingleTrackIds: p.jingleTrackIds,
        });
        await repo.updateChannel(tx, id, {
          jingleEverySongs: p.jingleEverySongs,
          jingleEveryMinutes: p.jingleEveryMinutes,
          artistSeparation: p.artistSeparation,
          trackSeparationHours: p.trackSeparationHours,
          djGraceSeconds: p.djGraceSeconds,
          djOnlyInSlot: p.djOnlyInSlot,
          goingLiveTrackId: p.goingLiveJingleTrackId,
        });
      });
      await announce(id, 'program');
      return this.detail(user, id);
    },

    goOnAir: async (user: SessionUser, id: string) => presentChannel(await move(user, id, 'on_air')),
    goOffAir: async (user: SessionUser, id: string) => presentChannel(await move(user, id, 'off_air')),

    /** A new DJ key for the channel (shown once); a DJ connected with the old one is cut. */
    async newKey(user: SessionUser, id: string) {
      await own(user, id);
      const secret = RADIO_KEY_PREFIX + randomBytes(32).toString('base64url');
      const prefix = secret.slice(0, RADIO_KEY_PREFIX.length + 6);
      await repo.updateChannel(db, id, {
        keyHash: hashRadioKey(secret),
        keyPrefix: prefix,
        keyCreatedAt: ctx.clock.now(),
      });
      await ctx.bus.publish(RADIO_INTERNAL_TOPIC, 'radio.changed', { channelId: id, what: 'key' });
      return { secret, prefix, message: RADIO_MESSAGES.keyCreated };
    },

    /**
     * The channel a DJ key opens, for the encoder ingest: null for an unknown key, a suspended
     * owner or a channel off air; `refused` when the channel takes DJs only in their slots.
     */
    async authenticateKey(key: string, at = ctx.clock.now()) {
      if (!key.startsWith(RADIO_KEY_PREFIX) || key.length > 200) return null;
      const hash = hashRadioKey(key);
      const found = await repo.findByKeyHash(db, hash);
      if (!found?.channel.keyHash || !timingSafeEqual(Buffer.from(found.channel.keyHash), Buffer.from(hash)))
        return null;
      if (found.owner.suspended || !found.channel.onAir) return null;
      const { slots } = await repo.readProgram(db, found.channel.id);
      const refused = djMayTakeOver(found.channel, slots, at) ? null : RADIO_MESSAGES.djOutsideSlot;
      return { channel: found.channel, ownerId: found.owner.id, refused };
    },

    /** The channel as the engine starts it: the row, its owner and the facts of its program. */
    async engineFacts(id: string) {
      const found = await repo.findChannel(db, id);
      if (!found) return null;
      const program = await repo.readProgram(db, id);
      const playlistIds = [
        ...new Set([
          ...program.rotations.map((r) => r.playlistId),
          ...program.slots.flatMap((s) => s.playlistId ?? []),
        ]),
      ];
      const tracksOf = new Map<string, string[]>();
      for (const row of await repo.playlistTracksPlayable(db, playlistIds))
        tracksOf.set(row.playlist_id, [...(tracksOf.get(row.playlist_id) ?? []), row.track_id]);
      return { ...found, facts: { channel: found.channel, ...program, tracksOf } };
    },

    onAirIds: () => repo.onAirChannelIds(db),

    /** Takes a channel off air from the server's side (its free allowance ran out, its engine failed). */
    async forceOffAir(id: string) {
      await repo.updateChannel(db, id, {
        onAir: false,
        onAirAt: null,
        streamId: null,
        listenerCount: 0,
        nowPlaying: null,
      });
      await announce(id, 'air');
      await ctx.bus.publish(`radio:${id}`, 'radio.air', { channelId: id, onAir: false });
    },

    /** The program as the engine reads it: settings, slots, jingles and the playable rotation pool. */
    async program(id: string) {
      const found = await repo.findChannel(db, id);
      if (!found) return null;
      const [program, pool] = await Promise.all([repo.readProgram(db, id), repo.rotationPool(db, id)]);
      return { channel: found.channel, ...program, pool };
    },

    /**
     * The engine says what airs now. Recorded once per start (history; with the listeners' own
     * connections, radio plays) and sent to the page's room; a repeated report changes nothing.
     */
    async aired(channelId: string, now: RadioNowPlayingFacts) {
      const found = await repo.findChannel(db, channelId);
      if (!found?.channel.onAir) return false;
      const fresh = await repo.insertAiring(db, {
        channelId,
        audioId: now.trackId,
        title: now.title,
        artist: now.artist,
        source: now.source,
        startedAt: new Date(now.startedAt),
        listeners: found.channel.listenerCount,
      });
      if (!fresh) return false;
      await repo.updateChannel(db, channelId, { nowPlaying: now });
      await ctx.bus.publish(`radio:${channelId}`, 'radio.nowPlaying', {
        channelId,
        nowPlaying: presentNowPlaying(now),
      });
      return true;
    },

    /** The engine's relay stream and listener count for a channel on air. */
    async setStream(channelId: string, fields: { streamId?: string | null; listenerCount?: number }) {
      await repo.updateChannel(db, channelId, fields);
      if (fields.listenerCount !== undefined)
        await ctx.bus.publish(`radio:${channelId}`, 'radio.listeners', {
          channelId,
          listeners: fields.listenerCount,
        });
    },

    async history(viewerId: string | null, id: string) {
      await visible(viewerId, id);
      const rows = await repo.history(db, id, RADIO_HISTORY_PAGE_SIZE);
      return rows.map((r) => ({
        trackId: r.audioId,
        title: r.title,
        artist: r.artist,
        artworkUrl: r.audioId ? `/api/tracks/${r.audioId}/cover` : null,
        startedAt: r.startedAt.toISOString(),
        source: r.source,
      }));
    },

    /** Radio plays of the creator's tracks aired since `since` (per listener, ADR 0075). */
    radioPlaysOf: (ownerId: string, since: Date) => repo.radioPlaysOf(db, ownerId, since, ctx.clock.now()),

    async setCover(user: SessionUser, id: string, data: Buffer) {
      const { channel } = await own(user, id);
      const image = await squareImage(data, {
        size: PLAYLIST_COVER_SIZE,
        tmpDir: path.join(ctx.config.dataDir, 'tmp', 'uploads'),
        ffmpeg: ctx.config.FFMPEG_PATH,
      });
      if (image === 'unsupported') throw new AppError('UNSUPPORTED_MEDIA', RADIO_MESSAGES.coverInvalid);
      if (image === 'unreadable') throw new AppError('UNSUPPORTED_MEDIA', RADIO_MESSAGES.coverUnreadable);
      const key = `radio-covers/${id}/${randomUUID()}.${image.ext}`;
      await ctx.storage.put(key, Readable.from(image.bytes), { contentType: image.mime });
      try {
        await repo.updateChannel(db, id, { coverKey: key });
      } catch (e) {
        await ctx.storage.delete(key).catch(() => {});
        throw e;
      }
      if (channel.coverKey) await ctx.storage.delete(channel.coverKey).catch(() => {});
      return this.detail(user, id);
    },

    /** Back to no cover (the page shows the radio icon); the stored image goes. */
    async clearCover(user: SessionUser, id: string) {
      const { channel } = await own(user, id);
      await repo.updateChannel(db, id, { coverKey: null });
      if (channel.coverKey) await ctx.storage.delete(channel.coverKey).catch(() => {});
      return this.detail(user, id);
    },

    async cover(viewerId: string | null, id: string) {
      const { channel } = await visible(viewerId, id);
      const stat = channel.coverKey ? await ctx.storage.stat(channel.coverKey) : null;
      if (!channel.coverKey || !stat) throw channelNotFound();
      return {
        stream: await ctx.storage.get(channel.coverKey),
        size: stat.size,
        etag: stat.etag,
        mime: coverMimeOfKey(channel.coverKey),
      };
    },

    /** Lifecycle: the account's channels go off air (suspended or deleted). */
    async offAirForAccount(userId: string) {
      const ids = await repo.offAirForAccount(db, userId);
      for (const id of ids) {
        await announce(id, 'air');
        await ctx.bus.publish(`radio:${id}`, 'radio.air', { channelId: id, onAir: false });
      }
      return ids;
    },

    /** Lifecycle: a hidden track leaves jingles (rotations drop it by the visibility rule); the engine replans. */
    async trackHidden(trackId: string) {
      const channels = new Set([...(await repo.dropJingle(db, trackId)), ...(await repo.channelsPlaying(db, trackId))]);
      for (const id of channels) await announce(id, 'program');
      return [...channels];
    },
  };
}

export type RadioService = ReturnType<typeof radioService>;
