import { LIVE_CHAT_MAX_LENGTH, type TLiveChatMessage, timeAgo } from '@wavecast/shared';
import { Disc3, Flag, MessageSquareOff, Trash2, Volume2, VolumeX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { useDeleteLiveChat, useLiveChat, useMuteChatUser, usePostLiveChat } from '../queries';

function chatError(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'RATE_LIMITED') return 'You are sending messages too fast. Please wait a moment.';
    return e.message;
  }
  return 'Failed to send message';
}

/**
 * Live chat: messages arrive over the realtime socket; those who may manage the stream (the server
 * says so: `canManage`) delete messages and mute people.
 * A recorded stream says so: its chat may be kept with the recording as comments.
 */
export function LiveChat({
  streamId,
  open,
  canManage,
  recorded,
}: {
  streamId: string;
  open: boolean;
  canManage: boolean;
  recorded: boolean;
}) {
  const { user } = useSession();
  const chat = useLiveChat(streamId);
  const items = chat.data?.items ?? [];
  const listRef = useRef<HTMLOListElement>(null);

  // Follow new messages, unless the reader scrolled up to read older ones.
  const count = items.length;
  useEffect(() => {
    const el = listRef.current;
    if (!el || count === 0) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 120) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <section
      aria-labelledby="chat-heading"
      className="flex h-[28rem] flex-col rounded-card border border-border bg-surface lg:h-[36rem]"
    >
      <h2 id="chat-heading" className="border-b border-border px-4 py-3 text-lg font-semibold">
        Live Chat
      </h2>
      {recorded && (
        <p
          className="flex items-start gap-2 border-b border-border bg-surface-2 px-4 py-2 text-xs text-muted"
          data-testid="chat-recording-notice"
        >
          <Disc3 className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          This stream is recorded. Chat messages may be kept with the recording as comments.
        </p>
      )}
      <ol
        ref={listRef}
        className="flex-1 space-y-3 overflow-y-auto px-4 py-3"
        aria-live="polite"
        data-testid="chat-messages"
      >
        {chat.isPending && (
          <li className="grid place-items-center py-8">
            <Spinner />
          </li>
        )}
        {!chat.isPending && items.length === 0 && (
          <li className="py-8 text-center text-sm text-muted">No messages yet. Say hello!</li>
        )}
        {items.map((m) => (
          <ChatMessage
            key={m.id}
            message={m}
            streamId={streamId}
            moderate={canManage && m.author?.id !== user?.id}
            mutedUserIds={chat.data?.mutedUserIds ?? []}
          />
        ))}
      </ol>
      <div className="border-t border-border p-3">
        {!open ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <MessageSquareOff className="size-4" aria-hidden /> Chat is closed.
          </p>
        ) : !user ? (
          <p className="text-sm text-muted">
            <Link to="/login" className="font-semibold text-primary hover:underline">
              Log in
            </Link>{' '}
            to join the chat.
          </p>
        ) : chat.data?.muted ? (
          <p className="text-sm text-error">You have been muted in this chat</p>
        ) : (
          <ChatForm streamId={streamId} />
        )}
      </div>
    </section>
  );
}

function ChatMessage({
  message: m,
  streamId,
  moderate,
  mutedUserIds,
}: {
  message: TLiveChatMessage;
  streamId: string;
  moderate: boolean;
  mutedUserIds: string[];
}) {
  const del = useDeleteLiveChat(streamId);
  const mute = useMuteChatUser(streamId);
  const name = m.author?.displayName ?? 'Listener';
  const authorId = m.author?.id;
  const isMuted = !!authorId && mutedUserIds.includes(authorId);
  const { user } = useSession();
  const [reporting, setReporting] = useState(false);
  const canReport = !moderate && !!user && !!authorId && authorId !== user.id;
  return (
    <li className="group flex gap-2.5">
      <Avatar src={m.author?.avatarUrl} name={name} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">
          <span className="font-semibold text-fg">{name}</span>{' '}
          {m.isHost && (
            <span className="mr-1 rounded bg-primary/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-primary">
              Host
            </span>
          )}
          <time dateTime={m.createdAt}>{timeAgo(m.createdAt)}</time>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{m.content}</p>
      </div>
      {canReport && (
        <>
          <button
            type="button"
            onClick={() => setReporting(true)}
            aria-label="Report message"
            title="Report message"
            className="grid size-7 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
          >
            <Flag className="size-4" />
          </button>
          <ReportDialog open={reporting} onClose={() => setReporting(false)} targetType="chat" targetId={m.id} />
        </>
      )}
      {moderate && (
        <div className="flex shrink-0 items-start gap-1">
          {authorId && (
            <button
              type="button"
              onClick={() =>
                mute.mutate(
                  { userId: authorId, muted: !isMuted },
                  {
                    onSuccess: () => toast.success(isMuted ? `${name} can chat again` : `${name} has been muted`),
                    onError: (e) => toast.error(chatError(e)),
                  },
                )
              }
              aria-label={isMuted ? `Unmute ${name}` : `Mute ${name}`}
              title={isMuted ? 'Unmute' : 'Mute'}
              className="grid size-7 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
            >
              {isMuted ? <Volume2 className="size-4" /> : <VolumeX className="size-4" />}
            </button>
          )}
          <button
            type="button"
            onClick={() => del.mutate(m.id, { onError: (e) => toast.error(chatError(e)) })}
            aria-label="Delete message"
            title="Delete message"
            className="grid size-7 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
          >
            <Trash2 className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}

function ChatForm({ streamId }: { streamId: string }) {
  const post = usePostLiveChat(streamId);
  const [content, setContent] = useState('');
  const trimmed = content.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || post.isPending) return;
    post.mutate(trimmed, { onSuccess: () => setContent(''), onError: (err) => toast.error(chatError(err)) });
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="chat-input" className="sr-only">
        Chat message
      </label>
      <input
        id="chat-input"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={LIVE_CHAT_MAX_LENGTH}
        placeholder="Say something..."
        autoComplete="off"
        className="min-w-0 flex-1 rounded-full border border-border bg-bg px-4 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none"
      />
      <Button type="submit" disabled={!trimmed || post.isPending}>
        Send
      </Button>
    </form>
  );
}
