import type { TRoomMember } from '@wavecast/shared';
import { Crown, UserMinus } from 'lucide-react';
import { Avatar } from '../../../components/ui/Avatar';
import { toast } from '../../../lib/toast';
import { useRoomAction } from '../queries';

/** Who is in the room now; the host hands over or removes. */
export function RoomMembers({
  roomId,
  members,
  isHost,
  meId,
}: {
  roomId: string;
  members: TRoomMember[];
  isHost: boolean;
  meId: string | null;
}) {
  const handOver = useRoomAction<string>(roomId, (memberId) => ({ path: '/host', method: 'POST', body: { memberId } }));
  const remove = useRoomAction<string>(roomId, (memberId) => ({ path: `/members/${memberId}`, method: 'DELETE' }));
  const fail = (e: Error) => toast.error(e.message);
  return (
    <section aria-labelledby="room-members-heading" className="rounded-card border border-border bg-surface p-4">
      <h2 id="room-members-heading" className="mb-3 text-lg font-semibold">
        Listening now <span className="text-muted">({members.length})</span>
      </h2>
      <ul className="space-y-2" data-testid="room-members">
        {members.map((m) => (
          <li key={m.id} className="flex items-center gap-2 text-sm">
            <Avatar src={m.avatarUrl} name={m.name} size="sm" />
            <span className="min-w-0 flex-1 truncate">
              {m.name}
              {m.id === meId && <span className="text-muted"> (you)</span>}
              {m.isGuest && <span className="ml-1 text-xs text-muted">guest</span>}
            </span>
            {m.isHost && (
              <span className="inline-flex items-center gap-1 rounded bg-primary/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-primary">
                <Crown className="size-3" aria-hidden /> Host
              </span>
            )}
            {isHost && !m.isHost && (
              <>
                <button
                  type="button"
                  className="text-xs font-semibold text-primary hover:underline"
                  onClick={() =>
                    handOver.mutate(m.id, {
                      onSuccess: () => toast.success(`${m.name} is the host now`),
                      onError: fail,
                    })
                  }
                >
                  Make host
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${m.name}`}
                  className="grid size-7 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
                  onClick={() => remove.mutate(m.id, { onError: fail })}
                >
                  <UserMinus className="size-4" />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
