import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_MESSAGES,
  BILLING_MESSAGES,
  LIVE_INGEST_CLOSE,
  LIVE_PUBLISHER_GRACE_MS,
  LIVE_RESUME_MESSAGES,
  liveAllowanceLeftMessage,
  MESSAGES,
  type TCreateLiveStream,
  type TLiveEndReason,
  type TLiveStream,
} from '@wavecast/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { canBroadcast, FINAL_CLOSE_CODES, IngestConnection } from '../lib/ingest';
import { liveKeys, useCreateLiveStream, useEndLiveStream } from '../queries';

export type BroadcastPhase = 'idle' | 'connecting' | 'live' | 'ending';

/** How long to wait for the server to confirm it receives our audio. */
const CONFIRM_TIMEOUT_MS = 15_000;
const RECONNECT_DELAY_MS = 1_000;

type Attempt = { ok: true } | { ok: false; code: number };

/**
 * Going live: create the stream, open the ingest socket with a MediaRecorder, and wait until the
 * server confirms audio is arriving ('Connecting...' lasts exactly that long). A dropped
 * connection is retried within the server's grace period; End Stream ends it for everyone. On the
 * free plan the server warns before the month's live allowance runs out, then ends the stream.
 */
export function useBroadcast() {
  const [phase, setPhase] = useState<BroadcastPhase>('idle');
  const [stream, setStream] = useState<TLiveStream | null>(null);
  const [liveSince, setLiveSince] = useState<number | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  /** When the server will end the stream for the month's allowance (once it warned); else null. */
  const [allowanceEndsAt, setAllowanceEndsAt] = useState<number | null>(null);
  const conn = useRef<IngestConnection | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const disposed = useRef(false);
  // End Stream makes the server close our ingest socket: that close is expected, not a lost connection.
  const ending = useRef(false);
  // The server says how fast this account may broadcast (HD publishing: higher).
  const ingestBitsPerSecond = useSession().user?.entitlements.liveIngestBitsPerSecond;
  // Why the server ended the stream, told just before it closes our connection.
  const endedBy = useRef<TLiveEndReason | null>(null);
  const qc = useQueryClient();
  const create = useCreateLiveStream();
  const endMutation = useEndLiveStream();

  const disconnect = useCallback(() => {
    clearTimeout(retryTimer.current);
    conn.current?.close();
    conn.current = null;
  }, []);

  // Leaving the page closes the connection; the server ends the stream after its grace period.
  useEffect(() => {
    disposed.current = false;
    return () => {
      disposed.current = true;
      disconnect();
    };
  }, [disconnect]);

  /** One connection attempt: resolves once on air, or with the refusal's close code. */
  const connect = useCallback(
    (id: string, mic: MediaStream, onLost: (code: number) => void) =>
      new Promise<Attempt>((resolve) => {
        let settled = false;
        const settle = (a: Attempt) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (!a.ok) {
            c.close();
            if (conn.current === c) conn.current = null;
          }
          resolve(a);
        };
        const timer = setTimeout(() => settle({ ok: false, code: 0 }), CONFIRM_TIMEOUT_MS);
        const c = new IngestConnection(id, mic, {
          audioBitsPerSecond: ingestBitsPerSecond,
          onAir: () => settle({ ok: true }),
          onAllowance: (secondsLeft) => {
            setAllowanceEndsAt(Date.now() + secondsLeft * 1000);
            toast(liveAllowanceLeftMessage(secondsLeft));
          },
          onEnded: (reason) => {
            if (reason) endedBy.current = reason;
          },
          onClose: (code) => {
            if (!settled) settle({ ok: false, code });
            else if (conn.current === c) {
              conn.current = null;
              onLost(code);
            }
          },
        });
        conn.current = c;
      }),
    [ingestBitsPerSecond],
  );

  /**
   * Broadcasts into a stream that exists: the first connection, then reconnects within the grace
   * period. `resumed`: a stream already on air (a reloaded page); the old page's connection may
   * linger a moment, so refusals that are not final are retried until the grace period is over.
   */
  const run = useCallback(
    async (created: TLiveStream, mic: MediaStream, resumed: boolean): Promise<boolean> => {
      setStream(created);
      ending.current = false;
      endedBy.current = null;
      setAllowanceEndsAt(null);

      let lostAt = 0;
      const giveUp = () => {
        // End Stream closes our connection on purpose: never a lost connection.
        if (ending.current) return;
        disconnect();
        setReconnecting(false);
        setLiveSince(null);
        setPhase('idle');
        toast.error('Your stream has ended: the connection to the server was lost.');
      };
      // The month's allowance ran out: the server ended the stream as End Stream does.
      const endedByAllowance = () => {
        disconnect();
        setReconnecting(false);
        setLiveSince(null);
        setAllowanceEndsAt(null);
        setPhase('idle');
        void qc.invalidateQueries({ queryKey: liveKeys.stream(created.id) });
        toast.error(BILLING_MESSAGES.liveAllowanceEnded);
      };
      // The account was suspended: the server ended the stream and signed us out.
      const endedBySuspension = () => {
        disconnect();
        setReconnecting(false);
        setLiveSince(null);
        setAllowanceEndsAt(null);
        setPhase('idle');
        toast.error(ADMIN_MESSAGES.accountSuspended);
      };
      const retryLater = () => {
        retryTimer.current = setTimeout(async () => {
          if (disposed.current || ending.current) return;
          if (Date.now() - lostAt > LIVE_PUBLISHER_GRACE_MS) return giveUp();
          const attempt = await connect(created.id, mic, onLost);
          if (disposed.current || ending.current) return disconnect();
          if (attempt.ok) {
            lostAt = 0;
            setReconnecting(false);
          } else if (FINAL_CLOSE_CODES.includes(attempt.code)) giveUp();
          else retryLater();
        }, RECONNECT_DELAY_MS);
      };
      // Within the grace period the server keeps the stream; a new recorder continues it.
      const onLost = (code: number) => {
        if (ending.current) return;
        if (endedBy.current === 'allowance') return endedByAllowance();
        if (endedBy.current === 'suspended') return endedBySuspension();
        if (FINAL_CLOSE_CODES.includes(code)) return giveUp();
        lostAt ||= Date.now();
        setReconnecting(true);
        retryLater();
      };

      const until = Date.now() + LIVE_PUBLISHER_GRACE_MS;
      let attempt = await connect(created.id, mic, onLost);
      while (resumed && !attempt.ok && !FINAL_CLOSE_CODES.includes(attempt.code) && Date.now() < until) {
        if (disposed.current) break;
        await new Promise((r) => setTimeout(r, RECONNECT_DELAY_MS));
        attempt = await connect(created.id, mic, onLost);
      }
      if (disposed.current) {
        disconnect();
        return false;
      }
      if (!attempt.ok) {
        disconnect();
        // A new stream that never went on air is let go; a resumed one is the server's to end.
        if (!resumed) endMutation.mutate(created.id);
        setStream(null);
        setPhase('idle');
        toast.error(
          attempt.code === LIVE_INGEST_CLOSE.allowanceUsed
            ? BILLING_MESSAGES.liveAllowanceUsed
            : resumed && attempt.code === LIVE_INGEST_CLOSE.ended
              ? LIVE_RESUME_MESSAGES.alreadyEnded
              : resumed
                ? LIVE_RESUME_MESSAGES.failed
                : MESSAGES.liveStartFailed,
        );
        return false;
      }
      // Resumed: the duration counts from when the stream first went on air.
      setLiveSince(resumed ? Date.parse(created.createdAt) : Date.now());
      setPhase('live');
      toast.success(resumed ? LIVE_RESUME_MESSAGES.resumed : MESSAGES.liveStarted);
      return true;
    },
    [connect, disconnect, endMutation, qc],
  );

  const start = useCallback(
    async (input: TCreateLiveStream, mic: MediaStream) => {
      if (!canBroadcast()) {
        toast.error(MESSAGES.liveStartFailed);
        return;
      }
      setPhase('connecting');
      let created: TLiveStream;
      try {
        created = await create.mutateAsync(input);
      } catch (e) {
        setPhase('idle');
        // Invalid details, or no live streaming left this month: the server's words.
        const told = e instanceof ApiError && (e.code === 'VALIDATION_FAILED' || e.code === 'FORBIDDEN');
        toast.error(told ? e.message : MESSAGES.liveStartFailed);
        return;
      }
      await run(created, mic, false);
    },
    [create, run],
  );

  /** Reconnects the microphone to a stream still on air (same id: listeners stay, the recording goes on). */
  const resume = useCallback(
    async (existing: TLiveStream, mic: MediaStream): Promise<boolean> => {
      if (!canBroadcast()) {
        toast.error(LIVE_RESUME_MESSAGES.failed);
        return false;
      }
      setPhase('connecting');
      return run(existing, mic, true);
    },
    [run],
  );

  const end = useCallback(async (): Promise<boolean> => {
    if (!stream) return false;
    setPhase('ending');
    ending.current = true;
    try {
      const ended = await endMutation.mutateAsync(stream.id);
      disconnect();
      setStream(ended);
      setLiveSince(null);
      setReconnecting(false);
      setAllowanceEndsAt(null);
      setPhase('idle');
      toast.success(MESSAGES.liveEnded);
      return true;
    } catch {
      ending.current = false;
      // The connection dropped while we waited: nothing is on air any more.
      if (!conn.current) {
        disconnect();
        setLiveSince(null);
        setPhase('idle');
        toast.error(MESSAGES.liveEndFailed);
        return false;
      }
      setPhase('live');
      toast.error(MESSAGES.liveEndFailed);
      return false;
    }
  }, [disconnect, endMutation, stream]);

  return { phase, stream, liveSince, reconnecting, allowanceEndsAt, start, resume, end };
}
