import { ROOM_LIMITS } from '@wavecast/shared';
import { DoorClosed, Users } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { ShareButton } from '../../share/ShareButton';
import { PremiereCountdown } from '../components/PremiereCountdown';
import { RoomChat } from '../components/RoomChat';
import { RoomMembers } from '../components/RoomMembers';
import { RoomPlayer } from '../components/RoomPlayer';
import { RoomQueue } from '../components/RoomQueue';
import { guestToken } from '../lib/guest';
import { requestRoomClockSample, useJoinRoom, useRoom, useRoomAction } from '../queries';
import { holdRoomClock, requestRoomClockSamples } from '../sync/clock-sync';
import { realtimeTransport } from '../sync/transport';

/** `/rooms/:id`: a listening room (or a premiere's waiting room) anyone with the link may join. */
export default function RoomPage() {
  const { id = '' } = useParams();
  const { user, loading } = useSession();
  const { room, queue, members, messages } = useRoom(id);
  const join = useJoinRoom(id);
  const joinedOnce = useRef(false);
  const r = room.data;

  // The sync clock starts with the page, before the visitor joins: it is settled by the join.
  useEffect(() => holdRoomClock(realtimeTransport).release, []);
  // Once the room's read is back (not beside it: a request sent with another waits behind it), a
  // few clock requests over the page's HTTP, which a loss on the socket does not hold (ADR 0057).
  const roomRead = !!r;
  useEffect(() => (roomRead ? requestRoomClockSamples(() => requestRoomClockSample(id)) : undefined), [id, roomRead]);

  // A signed-in visitor (or a returning guest of this tab) is let in on arrival.
  useEffect(() => {
    if (!r || r.me || r.status !== 'open' || loading || joinedOnce.current) return;
    if (!user && !guestToken(id)) return;
    joinedOnce.current = true;
    join.mutate(undefined, { onError: (e) => toast.error(e.message) });
  }, [r, user, loading, id, join]);

  useEffect(() => {
    if (r) document.title = `${r.name} · Wavecast`;
  }, [r]);

  if (room.isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  if (!r) {
    return (
      <div className="mx-auto max-w-xl py-16">
        <EmptyState icon={<DoorClosed className="size-8" />} title="Room not found">
          <p>The link may be wrong, or the room is gone.</p>
          <Link to="/explore" className="font-semibold text-primary hover:underline">
            Back to Explore
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (r.status === 'closed') {
    return (
      <div className="mx-auto max-w-xl py-16 text-center" data-testid="room-closed">
        <h1 className="text-2xl font-bold">This room has closed</h1>
        {r.premiereTrackId ? (
          <p className="mt-2 text-muted">
            The premiere is over.{' '}
            <Link className="font-semibold text-primary hover:underline" to={`/audio/${r.premiereTrackId}`}>
              Listen to the track
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-muted">Open a new room from any track or playlist with Listen together.</p>
        )}
      </div>
    );
  }

  const me = r.me;
  const isHost = !!me?.isHost;
  const beforePremiere = r.premiereStartsAt !== null && Date.parse(r.premiereStartsAt) > r.serverNow;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase text-primary">
            {r.kind === 'premiere' ? 'Premiere' : 'Listening room'}
          </p>
          <h1 className="truncate text-2xl font-bold">{r.name}</h1>
          <p className="flex items-center gap-1 text-sm text-muted">
            <Users className="size-4" aria-hidden /> {r.memberCount} listening · hosted by {r.hostName ?? 'nobody yet'}
          </p>
        </div>
        <ShareButton target={{ kind: 'room', id: r.id, title: r.name, path: `/rooms/${r.id}`, embeddable: false }} />
        {isHost && (
          <HostSettings
            roomId={r.id}
            queuePolicy={r.queuePolicy}
            visibility={r.visibility}
            premiere={r.kind === 'premiere'}
          />
        )}
      </header>

      {!me && !user && (
        <GuestJoin
          onJoin={(name) => join.mutate(name, { onError: (e) => toast.error(e.message) })}
          pending={join.isPending}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {r.premiereStartsAt && beforePremiere && (
            <PremiereCountdown roomId={r.id} startsAt={r.premiereStartsAt} serverNow={r.serverNow} />
          )}
          <RoomPlayer room={r} queue={queue.data?.items ?? []} listening={!!me} />
          <RoomQueue
            roomId={r.id}
            items={queue.data?.items ?? []}
            currentItemId={r.playback.schedule.itemId}
            canAdd={!!me && (isHost || r.queuePolicy === 'everyone')}
            isHost={isHost}
            myMemberName={me?.name ?? null}
          />
        </div>
        <div className="space-y-6">
          <RoomMembers roomId={r.id} members={members.data?.items ?? []} isHost={isHost} meId={me?.id ?? null} />
          <RoomChat
            roomId={r.id}
            messages={messages.data?.items ?? []}
            canPost={!!me}
            myMemberId={me?.id ?? null}
            isHost={isHost}
            title={r.kind === 'premiere' ? 'Premiere Chat' : 'Room Chat'}
          />
        </div>
      </div>
    </div>
  );
}

function GuestJoin({ onJoin, pending }: { onJoin: (name: string) => void; pending: boolean }) {
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onJoin(name.trim());
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-card border border-border bg-surface p-4"
      aria-label="Join as a guest"
    >
      <label className="min-w-0 flex-1 text-sm font-medium">
        Your name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={ROOM_LIMITS.guestNameMax}
          required
          className="mt-1 h-10 w-full rounded-full border border-border bg-bg px-4"
        />
      </label>
      <Button type="submit" disabled={pending || !name.trim()}>
        Join as guest
      </Button>
      <p className="w-full text-xs text-muted">
        Or{' '}
        <Link to="/login" className="font-semibold text-primary hover:underline">
          log in
        </Link>{' '}
        to join with your account.
      </p>
    </form>
  );
}

function HostSettings({
  roomId,
  queuePolicy,
  visibility,
  premiere,
}: {
  roomId: string;
  queuePolicy: 'everyone' | 'host';
  visibility: 'public' | 'link';
  premiere: boolean;
}) {
  const patch = useRoomAction<object>(roomId, (body) => ({ path: '', method: 'PATCH', body }));
  const close = useRoomAction<void>(roomId, () => ({ path: '', method: 'DELETE' }));
  const fail = (e: Error) => toast.error(e.message);
  if (premiere) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={queuePolicy === 'host'}
          onChange={(e) => patch.mutate({ queuePolicy: e.target.checked ? 'host' : 'everyone' }, { onError: fail })}
        />
        Only I add to the queue
      </label>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={visibility === 'public'}
          onChange={(e) => patch.mutate({ visibility: e.target.checked ? 'public' : 'link' }, { onError: fail })}
        />
        Listed publicly
      </label>
      <Button size="sm" variant="danger" onClick={() => close.mutate(undefined, { onError: fail })}>
        Close room
      </Button>
    </div>
  );
}
