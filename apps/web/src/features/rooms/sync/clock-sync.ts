import {
  CLOCK_TOPIC,
  ClockFilter,
  type ClockPong,
  clockSampleFromHeader,
  SYNC,
  SYNC_CLOCK_HEADER,
} from '@wavecast/shared';
import type { SyncTransport } from './transport';

/**
 * Keeps a clock filter fed over the tab's socket (ADR 0057): a burst of pings whenever the socket
 * opens, then one every `SYNC.pingIntervalMs`. Timestamps are `performance.now()` (monotonic).
 */
export function startClockSync(
  transport: SyncTransport,
  opts: { now?: () => number; filter?: ClockFilter } = {},
): { filter: ClockFilter; stop(): void } {
  const now = opts.now ?? (() => performance.now());
  const filter = opts.filter ?? new ClockFilter();
  let id = 0;
  let timers: ReturnType<typeof setTimeout>[] = [];
  const sent = new Map<number, number>();
  const ping = () => {
    const t0 = now();
    if (!transport.send({ type: 'clock.ping', id, t0 })) return;
    sent.set(id, t0);
    id = (id + 1) % 2 ** 31;
    // Pongs never answered are forgotten.
    for (const [k, at] of sent) if (t0 - at > SYNC.pingTimeoutMs) sent.delete(k);
  };
  const burst = () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    for (let i = 0; i < SYNC.pingBurst; i++) timers.push(setTimeout(ping, i * SYNC.pingBurstIntervalMs));
  };
  const offPong = transport.listen(CLOCK_TOPIC, (msg) => {
    if (msg.event !== 'clock.pong') return;
    const pong = msg.data as ClockPong;
    // Only our own pings, once each, with the t0 we sent.
    if (sent.get(pong.id) !== pong.t0) return;
    sent.delete(pong.id);
    filter.add({ t0: pong.t0, t1: pong.t1, t2: pong.t2, t3: now() });
  });
  const offOpen = transport.onOpen(burst);
  if (transport.open) burst();
  const steady = setInterval(ping, SYNC.pingIntervalMs);
  return {
    filter,
    stop() {
      offPong();
      offOpen();
      clearInterval(steady);
      for (const t of timers) clearTimeout(t);
    },
  };
}

let held: { clock: ReturnType<typeof startClockSync>; holders: number } | null = null;

/**
 * The tab's room clock, shared while anything holds it (ADR 0057): the room page takes it as it
 * opens, before its viewer has joined (a guest types a name, a signed-in visitor's join takes two
 * round trips), and the player takes it once listening, so a joiner starts on a clock that has been
 * settling since the page opened rather than from the join. Stopped when the last holder lets go.
 */
export function holdRoomClock(transport: SyncTransport): { filter: ClockFilter; release(): void } {
  if (!held) held = { clock: startClockSync(transport), holders: 0 };
  const mine = held;
  mine.holders++;
  let released = false;
  return {
    filter: mine.clock.filter,
    release() {
      if (released) return;
      released = true;
      if (--mine.holders > 0) return;
      mine.clock.stop();
      if (held === mine) held = null;
    },
  };
}

/**
 * A timed HTTP response of the room page (the room's read, the join) as a clock sample for the
 * tab's room clock, if one is held (ADR 0057): another connection than the socket's, so a loss
 * that holds the socket's pongs in the first second does not hold it. Pass as `api`'s `timed`.
 */
export function feedRoomClock(headers: Headers, sentAt: number, receivedAt: number): void {
  const sample = clockSampleFromHeader(headers.get(SYNC_CLOCK_HEADER), sentAt, receivedAt);
  if (sample && held) held.clock.filter.add(sample);
}

/**
 * The room page's clock requests (ADR 0057): `count` timed requests one after another (each sent
 * once the one before it is back, so none waits behind another), their samples fed to the held
 * clock by the request itself (`feedRoomClock`). A joiner let in on arrival has only a second or so
 * of clock before it listens; these come over the page's HTTP, which a loss on the socket does not
 * hold. A failed request ends them (the socket's pings go on). Answers a stop for the page's unmount.
 */
export function requestRoomClockSamples(
  request: () => Promise<unknown>,
  count: number = SYNC.httpClockPings,
): () => void {
  let left = count;
  let stopped = false;
  const next = (): void => {
    if (stopped || left-- <= 0) return;
    request().then(next, () => {});
  };
  next();
  return () => {
    stopped = true;
  };
}
