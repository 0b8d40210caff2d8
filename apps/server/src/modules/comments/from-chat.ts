import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A live chat message, with its offset into the broadcast. */
export interface ChatLine {
  userId: string | null;
  content: string;
  offsetSeconds: number;
  createdAt: Date;
}

/**
 * A live recording's chat becomes its timestamped comments (`loadChat` gives it in order), or
 * with `loadChat: null` none do. Comments dated up to the stream's end can only have come from its chat (the track did
 * not exist yet): that makes keeping it again idempotent, and lets 'no' remove what a draft got
 * earlier. Runs inside the caller's transaction.
 */
export async function commentsFromChat(
  tx: Db | Tx,
  r: { trackId: string; streamEndedAt: Date; duration: number; loadChat: (() => PromiseLike<ChatLine[]>) | null },
): Promise<void> {
  const fromChat = and(eq(comments.audioId, r.trackId), lte(comments.createdAt, r.streamEndedAt));
  if (!r.loadChat) {
    await tx.delete(comments).where(fromChat);
    return;
  }
  const [kept] = await tx.select({ id: comments.id }).from(comments).where(fromChat).limit(1);
  if (kept) return;
  const chat = await r.loadChat();
  if (chat.length === 0) return;
  await tx.insert(comments).values(
    chat.map((m) => ({
      audioId: r.trackId,
      userId: m.userId,
      content: m.content,
      positionSeconds: Math.min(m.offsetSeconds, r.duration),
      createdAt: m.createdAt,
    })),
  );
}
