import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { roomKeys } from '../queries';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Premieres in 1:02:03": counts down on the server's clock; at zero the room is read again (it starts). */
export function PremiereCountdown({
  roomId,
  startsAt,
  serverNow,
}: {
  roomId: string;
  startsAt: string;
  serverNow: number;
}) {
  const qc = useQueryClient();
  // The server's clock as this page sees it: its answer time against the local one when it came
  // (taken again with every fresh answer).
  const skew = useMemo(() => serverNow - Date.now(), [serverNow]);
  const [now, setNow] = useState(() => Date.now() + skew);
  const left = Math.max(0, Date.parse(startsAt) - now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now() + skew), 250);
    return () => clearInterval(t);
  }, [skew]);
  const done = left === 0;
  useEffect(() => {
    if (done) void qc.invalidateQueries({ queryKey: roomKeys.room(roomId) });
  }, [done, qc, roomId]);
  const s = Math.ceil(left / 1000);
  const text =
    s >= 3600
      ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
      : `${Math.floor(s / 60)}:${pad(s % 60)}`;
  return (
    <div
      className="rounded-card border border-primary/40 bg-primary/10 p-5 text-center"
      data-testid="premiere-countdown"
    >
      <p className="text-sm font-semibold uppercase text-primary">{done ? 'Premiere starting' : 'Premieres in'}</p>
      <p className="font-mono text-4xl font-bold tabular-nums" aria-live="polite">
        {done ? 'Now' : text}
      </p>
      <p className="mt-1 text-sm text-muted">{new Date(startsAt).toLocaleString()}</p>
    </div>
  );
}
