import { LIVE_CHAT_HISTORY, type TLiveChatList, type TLiveChatMessage } from '@wavecast/shared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { loadManagedStream, loadStream } from './load';
import { canManage } from './policy';
import { presentChat } from './presenter';
import * as repo from './repo';
import type { LiveRuntime } from './runtime';

/** A stream's chat: messages (timed against the broadcast), deletion and mutes by its host. */
export class LiveChat {
  constructor(private readonly rt: LiveRuntime) {}

  private get db() {
    return this.rt.ctx.database.db;
  }

  async list(viewer: SessionUser | null, id: string): Promise<TLiveChatList> {
    const stream = await loadStream(this.db, viewer, id);
    const rows = await repo.listChat(this.db, id, LIVE_CHAT_HISTORY);
    const manages = canManage(viewer, stream);
    return {
      items: rows.map((r) => presentChat(r.message, r.author, stream)),
      muted: viewer ? await repo.isMuted(this.db, id, viewer.id) : false,
      ...(manages ? { mutedUserIds: await repo.listMutes(this.db, id) } : {}),
    };
  }

  async post(user: SessionUser, id: string, content: string): Promise<TLiveChatMessage> {
    const stream = await loadStream(this.db, user, id);
    const onAir = stream.isActive || this.rt.hub.get(id)?.isLive;
    if (!onAir || stream.endedAt) throw new AppError('CONFLICT', 'This stream is not live');
    if (await repo.isMuted(this.db, id, user.id)) {
      throw forbidden('You have been muted in this chat');
    }
    const offset = this.rt.hub.mediaSeconds(id) ?? (Date.now() - stream.createdAt.getTime()) / 1000;
    const row = await repo.insertChat(this.db, {
      streamId: id,
      userId: user.id,
      content,
      offsetSeconds: Math.max(0, Math.floor(offset)),
    });
    const message = presentChat(row, (await repo.findAuthor(this.db, user.id)) ?? null, stream);
    await this.rt.ctx.bus.publish(`live:${id}`, 'live.chat', { streamId: id, messageId: row.id, message });
    return message;
  }

  async delete(user: SessionUser, id: string, messageId: string): Promise<void> {
    await loadManagedStream(this.db, user, id);
    const message = await repo.findChat(this.db, id, messageId);
    if (!message || message.deletedAt) throw notFound('Message');
    await repo.deleteChat(this.db, messageId);
    await this.rt.ctx.bus.publish(`live:${id}`, 'live.chat.deleted', { streamId: id, messageId });
  }

  async setMuted(user: SessionUser, id: string, userId: string, muted: boolean): Promise<void> {
    const stream = await loadManagedStream(this.db, user, id);
    if (userId === stream.userId) throw new AppError('VALIDATION_FAILED', 'The creator cannot be muted');
    if (!(await repo.userExists(this.db, userId))) throw notFound('User');
    if (muted) await repo.mute(this.db, id, userId);
    else await repo.unmute(this.db, id, userId);
  }
}
