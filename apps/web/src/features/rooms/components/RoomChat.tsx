import { ROOM_LIMITS, ROOM_REACTIONS, type TRoomMessage, timeAgo } from '@wavecast/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRoomAction } from '../queries';

const errorText = (e: unknown) =>
  e instanceof ApiError && e.code === 'RATE_LIMITED'
    ? 'You are sending messages too fast. Please wait a moment.'
    : e instanceof Error
      ? e.message
      : 'Failed to send message';

/** The room's chat and reactions; the host deletes any line, an author their own. */
export function RoomChat({
  roomId,
  messages,
  canPost,
  myMemberId,
  isHost,
  title = 'Room Chat',
}: {
  roomId: string;
  messages: TRoomMessage[];
  canPost: boolean;
  myMemberId: string | null;
  isHost: boolean;
  title?: string;
}) {
  const [content, setContent] = useState('');
  const post = useRoomAction<string>(roomId, (c) => ({ path: '/messages', method: 'POST', body: { content: c } }));
  const react = useRoomAction<string>(roomId, (emoji) => ({ path: '/reactions', method: 'POST', body: { emoji } }));
  const del = useRoomAction<string>(roomId, (mid) => ({ path: `/messages/${mid}`, method: 'DELETE' }));
  const listRef = useRef<HTMLOListElement>(null);
  const [burst, setBurst] = useState<{ id: number; emoji: string }[]>([]);
  useEffect(() => {
    const el = listRef.current;
    if (el && messages.length && el.scrollHeight - el.scrollTop - el.clientHeight < 120) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return;
    post.mutate(text, { onSuccess: () => setContent(''), onError: (err) => toast.error(errorText(err)) });
  };
  const sendReaction = (emoji: string) => {
    const id = Date.now() + Math.random();
    setBurst((b) => [...b, { id, emoji }]);
    setTimeout(() => setBurst((b) => b.filter((x) => x.id !== id)), 1500);
    react.mutate(emoji, { onError: (err) => toast.error(errorText(err)) });
  };

  return (
    <section
      aria-labelledby="room-chat-heading"
      className="flex h-[26rem] flex-col rounded-card border border-border bg-surface"
    >
      <h2 id="room-chat-heading" className="border-b border-border px-4 py-3 text-lg font-semibold">
        {title}
      </h2>
      <ol
        ref={listRef}
        className="flex-1 space-y-2 overflow-y-auto px-4 py-3"
        aria-live="polite"
        data-testid="room-messages"
      >
        {messages.length === 0 && <li className="py-8 text-center text-sm text-muted">No messages yet. Say hello!</li>}
        {messages.map((m) => (
          <li key={m.id} className="group flex items-start gap-2 text-sm">
            <div className="min-w-0 flex-1">
              <span className="font-semibold">{m.authorName}</span>{' '}
              <time className="text-xs text-muted" dateTime={m.createdAt}>
                {timeAgo(m.createdAt)}
              </time>
              <p className="break-words whitespace-pre-wrap">{m.content}</p>
            </div>
            {(isHost || (myMemberId && m.memberId === myMemberId)) && (
              <button
                type="button"
                aria-label="Delete message"
                onClick={() => del.mutate(m.id, { onError: (err) => toast.error(errorText(err)) })}
                className="grid size-7 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
              >
                <Trash2 className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className="pointer-events-none relative h-0" aria-hidden>
        {burst.map((b, i) => (
          <span
            key={b.id}
            className="absolute bottom-2 animate-bounce text-2xl"
            style={{ left: `${10 + ((i * 37) % 80)}%` }}
          >
            {b.emoji}
          </span>
        ))}
      </div>
      {canPost ? (
        <div className="space-y-2 border-t border-border p-3">
          <fieldset className="flex gap-1" aria-label="Reactions">
            {ROOM_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => sendReaction(emoji)}
                aria-label={`React ${emoji}`}
                className="grid size-9 place-items-center rounded-full text-lg hover:bg-surface-2"
              >
                {emoji}
              </button>
            ))}
          </fieldset>
          <form onSubmit={submit} className="flex gap-2">
            <input
              value={content}
              onChange={(e) => setContent(e.target.value)}
              maxLength={ROOM_LIMITS.chatMax}
              placeholder="Say something…"
              aria-label="Message"
              className="h-10 min-w-0 flex-1 rounded-full border border-border bg-bg px-4 text-sm"
            />
            <Button type="submit" size="sm" disabled={post.isPending || !content.trim()}>
              Send
            </Button>
          </form>
        </div>
      ) : (
        <p className="border-t border-border p-3 text-sm text-muted">Join the room to chat.</p>
      )}
    </section>
  );
}
