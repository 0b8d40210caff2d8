import { useQueryClient } from '@tanstack/react-query';
import { formatTime, positionAt, type RoomPlayback, type TRoom, type TRoomQueueItem } from '@wavecast/shared';
import { Pause, Play, SkipForward, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import type { LiveOutputClaim } from '../../player/engine';
import { usePlayerControls, usePlayerState } from '../../player/PlayerProvider';
import { roomApi, roomKeys, useRoomControl } from '../queries';
import { RoomAudioSync } from '../sync/audio-driver';
import { holdRoomClock } from '../sync/clock-sync';
import { realtimeTransport } from '../sync/transport';

/**
 * Now playing, the host's controls and the room's audio: an `<audio>` kept on the room's schedule
 * by the sync core's browser driver (sync/audio-driver.ts) over the tab's socket, for members only.
 * The room shares the app's one audio output (ADR 0049) as the live player does: it takes it before
 * it starts (the track player stops), and the track player taking it back stops the room for this
 * member only (the room plays on for the others) until they rejoin.
 */
export function RoomPlayer({ room, queue, listening }: { room: TRoom; queue: TRoomQueueItem[]; listening: boolean }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const driver = useRef<RoomAudioSync | null>(null);
  const [playback, setPlayback] = useState<RoomPlayback>(room.playback);
  const [blocked, setBlocked] = useState(false);
  const [stoppedForMe, setStoppedForMe] = useState(false);
  const { claimOutput, releaseOutput } = usePlayerControls();
  const trackPlaying = usePlayerState((st) => st.playing);
  const label = room.kind === 'premiere' ? 'Premiere' : 'Listening room';
  const [claim] = useState<LiveOutputClaim>(() => ({
    title: room.name,
    label,
    stop: () => {
      driver.current?.suspend();
      setStoppedForMe(true);
    },
  }));
  claim.title = room.name;
  const [, setTick] = useState(0);
  const qc = useQueryClient();
  const control = useRoomControl(room.id);
  const isHost = !!room.me?.isHost;
  const queueRef = useRef(queue);
  queueRef.current = queue;

  // The room's reads carry its playback: the driver takes them too (an older revision than it holds
  // is ignored), so a joiner starts from the read after its join, not only once the socket brings
  // it, which a loss on the socket can hold for half a second (ADR 0057).
  const readPlayback = useRef(room.playback);
  readPlayback.current = room.playback;
  useEffect(() => {
    setPlayback((p) => (room.playback.schedule.revision > p.schedule.revision ? room.playback : p));
    driver.current?.onPlayback(room.playback);
  }, [room.playback]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!listening || !audio) return;
    const srcOf = async (itemId: string) => {
      let item = queueRef.current.find((q) => q.id === itemId);
      if (!item) {
        const fresh = await roomApi<{ items: TRoomQueueItem[] }>(room.id, '/queue');
        qc.setQueryData(roomKeys.queue(room.id), fresh);
        item = fresh.items.find((q) => q.id === itemId);
      }
      return item ? `/api/tracks/${item.trackId}/stream` : null;
    };
    let current: string | null = null;
    const loadItem = async (itemId: string | null) => {
      current = itemId;
      audio.pause();
      if (!itemId) return void audio.removeAttribute('src');
      const src = await srcOf(itemId);
      if (current !== itemId || !src) return;
      audio.src = src;
      audio.load();
    };
    // Settling since the room page opened (RoomPage holds it too).
    const clock = holdRoomClock(realtimeTransport);
    const d = new RoomAudioSync({
      media: audio,
      transport: realtimeTransport,
      clock: clock.filter,
      roomId: room.id,
      loadItem,
      onPlayback: setPlayback,
      onBlocked: setBlocked,
      beforePlay: () => claimOutput(claim),
    });
    driver.current = d;
    d.onPlayback(readPlayback.current);
    setStoppedForMe(false);
    return () => {
      d.stop();
      clock.release();
      driver.current = null;
      releaseOutput(claim);
    };
  }, [listening, room.id, qc, claim, claimOutput, releaseOutput]);

  // However the element starts (the driver claims first), it holds the one output while it plays.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // (Not for a late event of a start the track player has since stopped.)
    const take = () => {
      if (driver.current?.listening) claimOutput(claim);
    };
    audio.addEventListener('play', take);
    return () => audio.removeEventListener('play', take);
  }, [claim, claimOutput]);

  /** From a click: this member listens again (the room takes the output back). */
  const rejoin = () => {
    driver.current?.resume();
    setStoppedForMe(false);
  };

  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, []);

  const s = playback.schedule;
  const item = s.itemId ? queue.find((q) => q.id === s.itemId) : undefined;
  // For the progress line only (the audio follows the sync core's clock estimate).
  const position = s.itemId ? positionAt(s, Date.now()) / 1000 : 0;
  const duration = (s.durationMs ?? (item?.duration ?? 0) * 1000) / 1000;
  const playing = !s.paused || s.waiting;
  const send = (body: Parameters<typeof control.mutate>[0]) =>
    control.mutate(body, { onError: (e) => toast.error(e.message) });

  return (
    <section aria-label="Now playing" className="rounded-card border border-border bg-surface p-5">
      {/* biome-ignore lint/a11y/useMediaCaption: music without speech */}
      <audio ref={audioRef} data-testid="room-audio" preload="auto" crossOrigin="anonymous" />
      <div className="flex items-center gap-4">
        <img src={item?.coverUrl ?? '/default-cover.svg'} alt="" className="size-20 rounded-lg object-cover" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase text-muted">
            {s.itemId ? (s.paused && !s.waiting ? 'Paused' : 'Now playing') : 'Nothing playing'}
          </p>
          <p className="truncate text-xl font-bold" data-testid="room-now-playing">
            {item?.title ?? (s.itemId ? 'Loading…' : 'Add a track to the queue')}
          </p>
          {item && <p className="truncate text-sm text-muted">{item.creatorName ?? 'Unknown Creator'}</p>}
          {playback.wait && <p className="text-xs text-muted">Waiting for {playback.wait.pending} to be ready…</p>}
        </div>
      </div>
      <div className="mt-4">
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={Math.max(1, Math.round(duration))}
          value={Math.min(Math.round(position), Math.round(duration))}
          disabled={!isHost || !s.itemId}
          onChange={(e) => send({ action: 'seek', positionMs: Number(e.target.value) * 1000 })}
          className="w-full accent-primary"
        />
        <div className="flex justify-between text-xs text-muted">
          <span data-testid="room-position">{formatTime(position)}</span>
          <span>{formatTime(duration)}</span>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2">
        {isHost && (
          <>
            <Button
              size="icon"
              aria-label={playing ? 'Pause for everyone' : 'Play for everyone'}
              onClick={() => {
                // Playing for everyone includes the host, stopped here or not.
                if (!playing && stoppedForMe) rejoin();
                send({ action: playing ? 'pause' : 'play' });
              }}
            >
              {playing ? <Pause className="size-5" /> : <Play className="size-5" />}
            </Button>
            <Button size="icon" variant="secondary" aria-label="Skip" onClick={() => send({ action: 'skip' })}>
              <SkipForward className="size-5" />
            </Button>
          </>
        )}
        {!isHost && <p className="text-sm text-muted">The host controls playback.</p>}
        {listening && blocked && !stoppedForMe && (
          <Button variant="outline" size="sm" onClick={() => driver.current?.unlock()}>
            <Volume2 className="size-4" aria-hidden /> Enable audio
          </Button>
        )}
      </div>
      {listening && stoppedForMe && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-surface-2 p-3" role="status">
          <p className="flex-1 text-sm" data-testid="room-output-note">
            {trackPlaying ? 'Stopped for you: the player is playing a track.' : 'Stopped for you.'}
          </p>
          <Button variant="outline" size="sm" onClick={rejoin}>
            <Play className="size-4" aria-hidden />{' '}
            {room.kind === 'premiere' ? 'Rejoin the premiere' : 'Rejoin the room'}
          </Button>
        </div>
      )}
    </section>
  );
}
