import {
  ClockFilter,
  type ClockSample,
  PlaybackController,
  type PlaybackSchedule,
  positionAt,
  type RealtimeMessage,
  type RoomPlayback,
  roomTopic,
  SYNC,
} from '@wavecast/shared';
import { MemoryBus } from '../../../../realtime/bus';
import { createRoomSync } from '../service';
import { SimMedia } from './media';
import { EventQueue, type Rng, seeded } from './rng';

/**
 * A deterministic simulation of a listening room (issue 39, ADR 0057): virtual time, a network of
 * per-member round trips with jitter, loss (as TCP has it: a lost segment comes again after its
 * retransmission timeout, in order) and drifting clocks, driving the real sync core (clock filter,
 * controller) and the real room state (`createRoomSync` over the in-process bus).
 */
export interface SimOptions {
  seed: number;
  members: number;
  rttMs: [number, number];
  /** Each one-way delay is RTT/2 ± this (uniform), never below RTT/4. */
  jitterMs: number;
  loss: number;
  driftPpm: number;
  lateJoiners: number;
  /** Members that stop answering (a frozen tab, a half-open socket) after their first ready. */
  deadMembers: number;
  /** A member whose media stalls this long mid-play, then recovers. */
  stallMs: number;
  /** Pings on connecting, and their spacing. */
  pingBurst?: number;
  pingBurstIntervalMs?: number;
  /**
   * How long before its join a late joiner's clock started (ms, from its link's RTT): the tab's
   * socket and clock start when the room page opens, the join comes after it (a signed-in
   * visitor's on arrival after two HTTP round trips, a guest's after typing a name; ADR 0057).
   * Default 0: the clock starts with the join (no real path is that late). Counted from the join.
   */
  lateClockLeadMs?: (rttMs: number) => number;
  /**
   * Whether the late joiner's page HTTP requests carry clock samples too (ADR 0057: the server
   * stamps its receive and send times on the room's read and the join, the page times the fetch):
   * the room's read as its clock starts, the join once that read is back (not before the join's
   * time less 2 RTT: a guest types a name), the room's read again once joined. On their own
   * connection (in order, the same RTT, jitter and loss as the socket's, its own losses), kept
   * alive from loading the page. Default true: the page does it (false: the socket's pongs alone).
   */
  lateHttpSamples?: boolean;
  /**
   * Clock requests the late joiner's page sends one after another once its first room's read is
   * back, on the same HTTP connection (`GET /api/rooms/:id/clock`, ADR 0057). Default
   * `SYNC.httpClockPings` when `lateHttpSamples` is on (0: the room's read and the join alone).
   */
  lateHttpClockPings?: number;
  /**
   * Whether the player also takes the room's schedule from that read after the join (the page
   * does: the room's read carries `playback`), not only from the socket. Default true.
   */
  lateReadSchedule?: boolean;
  /** Simulated time to stop at (default 90 s: every scenario; 40 s covers the start and late joiners). */
  endMs?: number;
  /** Told each late joiner's course once it is measured (analysis scripts; the figures do not depend on it). */
  onLateJoiner?: (trace: LateJoinTrace) => void;
}

/** One late joiner's course (ms from connecting), for analysis (`sim/late-joiners.ts`). */
export interface LateJoinTrace {
  index: number;
  rttMs: number;
  settleMs: number;
  /** When the clock filter first said settled, and how far off its estimate was then (true error, ms). */
  clockSettledMs: number;
  clockErrorAtSettledMs: number;
  /** Estimate − server (ms, signed) at 1.0, 1.5 and 2.0 s (Infinity before the first pong). */
  clockErrorMs: number[];
  /** Pongs received by 1.0, 1.5 and 2.0 s. */
  pongs: number[];
  firstHeardMs: number;
  errorFirstHeardMs: number;
  preRollRestarts: number;
  /** Losses on its link in the first 2 s: direction and ms from connecting. */
  losses: string[];
}

export const DEFAULT_SIM: SimOptions = {
  seed: 39,
  members: 200,
  rttMs: [20, 300],
  jitterMs: 100,
  loss: 0.02,
  driftPpm: 200,
  lateJoiners: 10,
  deadMembers: 1,
  stallMs: 8_000,
};

export interface SimFigures {
  /** Pairwise |skew| between playing members, ms, sampled every 100 ms from 10 s after the start. */
  skewP50: number;
  skewP95: number;
  skewP99: number;
  skewMax: number;
  /**
   * Late joiners: ms from connecting until heard and within ±30 ms for good (a muted pre-roll is
   * not heard); the worst error heard 2–10 s after connecting (and whether any was heard off by
   * more than 30 ms at all); muted starts made again.
   */
  lateJoinSettleMs: number[];
  lateJoinWorstAfter2sMs: number;
  lateJoinWorstHeardMs: number;
  lateJoinPreRollRestarts: number;
  /** How long each group start waited (host action → shared start), ms. */
  firstStartWaitMs: number;
  seekWithDeadWaitMs: number;
  resumeAfterDropWaitMs: number;
  /** Whether the stalled member was waited for when it came back ready (re-admitted). */
  stalledReadmitted: boolean;
  /** The largest rate correction any member applied (|rate − 1|). */
  maxCorrection: number;
  /** Hard resyncs (seeks while playing) of members that never stalled. */
  resyncs: number;
  samples: number;
}

const ROOM = 'sim-room';
const EPOCH = 1_800_000_000_000;
const ITEM = { itemId: 'item-1', durationMs: 600_000 };

interface Link {
  rtt: number;
  lastUp: number;
  lastDown: number;
}

interface Member {
  id: string;
  index: number;
  drift: number;
  offset: number;
  link: Link;
  /** The page's HTTP connection (its own TCP connection: the socket's losses never hold it). */
  httpLink: Link;
  filter: ClockFilter;
  controller: PlaybackController;
  media: SimMedia;
  alive: boolean;
  connectedAt: number;
  late: boolean;
  reported: string;
  pendingPlay: (() => void) | null;
  /**
   * The member's own random streams: its pings' way (delays, losses), its other messages' way, its
   * timers. A change in one member's commands or reports never shifts another member's draws, nor
   * its own pings': variants of the core meet the same networks.
   */
  pingRng: Rng;
  messageRng: Rng;
  timerRng: Rng;
  httpRng: Rng;
  /** The room's playback from the page's read after the join, when it came before the join's time. */
  readPlayback: RoomPlayback | null;
  trace: LateJoinTrace | null;
}

export async function runSimulation(options: Partial<SimOptions> = {}): Promise<SimFigures> {
  const o: SimOptions = { ...DEFAULT_SIM, ...options };
  const rng: Rng = seeded(o.seed);
  const queue = new EventQueue();
  let now = 0; // true time, ms
  const serverNow = () => EPOCH + now;
  const bus = new MemoryBus();
  /** Set when an event reached the room state, whose promises settle before the next event. */
  let serverTouched = false;
  const sync = createRoomSync(bus, {
    now: serverNow,
    after: (ms, run) =>
      queue.push(now + ms, () => {
        serverTouched = true;
        run();
      }),
  });
  const members: Member[] = [];
  const local = (m: Member, t = now) => t * (1 + m.drift) + m.offset;
  const trueAt = (m: Member, l: number) => (l - m.offset) / (1 + m.drift);

  /** One-way delivery over a member's link (in order, with TCP-like retransmission on loss). */
  const deliver = (m: Member, dir: 'up' | 'down', run: () => void, r = m.messageRng, link = m.link) => {
    const base = link.rtt / 2;
    let delay = Math.max(link.rtt / 4, base + r.between(-o.jitterMs, o.jitterMs));
    if (r.chance(o.loss)) {
      delay += Math.max(200, link.rtt) + link.rtt;
      if (m.trace && now - m.connectedAt < 2_000)
        m.trace.losses.push(`${link === m.link ? '' : 'http-'}${dir}@${Math.round(now - m.connectedAt)}`);
    }
    const key = dir === 'up' ? 'lastUp' : 'lastDown';
    const at = Math.max(link[key], now + delay);
    link[key] = at;
    queue.push(at, () => {
      if (m.alive) run();
    });
  };

  // The gateway's part: room decisions fan out to every member's socket.
  bus.subscribe((msg: RealtimeMessage) => {
    if (msg.topic !== roomTopic(ROOM) || msg.event !== 'room.playback') return;
    const playback = msg.data as RoomPlayback;
    for (const m of members) if (m.connectedAt <= now) deliver(m, 'down', () => onPlayback(m, playback));
  });

  const onPlayback = (m: Member, playback: RoomPlayback) => {
    m.controller.setSchedule(playback.schedule);
    tick(m);
  };

  const apply = (m: Member, cmds: ReturnType<PlaybackController['update']>) => {
    for (const c of cmds) {
      if (c.type === 'pause' || c.type === 'seek') {
        m.pendingPlay?.();
        m.pendingPlay = null;
      }
      if (c.type === 'pause') m.media.pause(now);
      else if (c.type === 'seek') m.media.seek(now, c.positionMs);
      else if (c.type === 'rate') m.media.setRate(now, c.rate);
      else if (c.type === 'mute') m.media.muted = c.muted;
      else if (c.type === 'play') {
        // A timer: fires when the local clock reaches atLocal, up to 4 ms late; it replaces one still waiting.
        m.pendingPlay?.();
        const at = Math.max(now, trueAt(m, c.atLocal) + m.timerRng.between(0, 4));
        m.pendingPlay = queue.push(at, () => {
          m.pendingPlay = null;
          if (m.alive) m.media.play(now);
        });
      }
    }
  };

  const tick = (m: Member) => {
    // Before its join the member's page has only its clock (no controller, nothing reported).
    if (!m.alive || now < m.connectedAt) return;
    const reading = m.media.read(now);
    apply(m, m.controller.update(local(m), reading, m.filter));
    const report = m.controller.report(m.media.read(now));
    const said = `${report.status}/${report.readyKey}`;
    if (said !== m.reported) {
      m.reported = said;
      deliver(m, 'up', () => void serverReport(m, report));
    }
  };

  const serverReport = async (m: Member, report: { status: 'ready' | 'buffering'; readyKey: string | null }) => {
    serverTouched = true;
    const playback = await sync.report(m.id, { type: 'room.member', topic: roomTopic(ROOM), ...report });
    if (playback) deliver(m, 'down', () => onPlayback(m, playback));
  };

  /** A clock sample (a pong, an HTTP response) to the member's filter; the trace notes when it settled. */
  const addSample = (m: Member, sample: ClockSample) => {
    m.filter.add(sample);
    if (m.trace && Number.isNaN(m.trace.clockSettledMs) && m.filter.settled) {
      m.trace.clockSettledMs = now - m.connectedAt;
      m.trace.clockErrorAtSettledMs = m.filter.toServer(local(m)) - serverNow();
    }
  };

  const ping = (m: Member) => {
    const t0 = local(m);
    deliver(
      m,
      'up',
      () => {
        const t1 = serverNow();
        const t2 = t1 + m.pingRng.between(0, 0.5);
        deliver(
          m,
          'down',
          () => {
            addSample(m, { t0, t1, t2, t3: local(m) });
            tick(m);
          },
          m.pingRng,
        );
      },
      m.pingRng,
    );
  };

  /**
   * One HTTP exchange of the page carrying a clock sample: the fetch is timed locally (t0, t3), the
   * server stamps its receive and send times (t1, t2) around its 2–10 ms of work.
   */
  const httpExchange = (m: Member, done: () => void, roomRead = false) => {
    const t0 = local(m);
    deliver(
      m,
      'up',
      () => {
        const t1 = serverNow();
        const work = m.httpRng.between(2, 10);
        // The room's read carries the room's playback as the server holds it (the player starts from it).
        let playback: RoomPlayback | null = null;
        if (roomRead) {
          serverTouched = true;
          void sync.get(ROOM).then((state) => {
            playback = sync.present(state);
          });
        }
        queue.push(now + work, () => {
          const t2 = serverNow();
          deliver(
            m,
            'down',
            () => {
              addSample(m, { t0, t1, t2, t3: local(m) });
              if (playback) {
                // Read before the join's time (a guest's): the player takes it as it starts.
                if (now < m.connectedAt) m.readPlayback = playback;
                else onPlayback(m, playback);
              }
              tick(m);
              done();
            },
            m.httpRng,
            m.httpLink,
          );
        });
      },
      m.httpRng,
      m.httpLink,
    );
  };

  const connect = (index: number, at: number, late: boolean) => {
    // Drawn in this order, as ever: the same seed, the same networks.
    const drift = rng.between(-o.driftPpm, o.driftPpm) * 1e-6;
    const offset = rng.between(0, 1e7);
    const rtt = rng.between(o.rttMs[0], o.rttMs[1]);
    const m: Member = {
      id: `m${index}`,
      index,
      drift,
      offset,
      link: { rtt, lastUp: 0, lastDown: 0 },
      httpLink: { rtt, lastUp: 0, lastDown: 0 },
      filter: new ClockFilter(),
      controller: new PlaybackController(),
      media: null as unknown as SimMedia,
      alive: true,
      connectedAt: at,
      late,
      reported: '',
      pendingPlay: null,
      pingRng: seeded(rng.next() * 2 ** 32),
      messageRng: seeded(rng.next() * 2 ** 32),
      timerRng: seeded(rng.next() * 2 ** 32),
      // Not drawn from the run's stream, so the other members' networks stay those of the runs without it.
      httpRng: seeded((o.seed * 7_919 + index * 104_729) >>> 0),
      readPlayback: null,
      trace: null,
    };
    m.media = new SimMedia(seeded(rng.next() * 2 ** 32), m.drift, rng.between(10, 40));
    if (late && o.onLateJoiner)
      m.trace = {
        index,
        rttMs: m.link.rtt,
        settleMs: -1,
        clockSettledMs: Number.NaN,
        clockErrorAtSettledMs: Number.NaN,
        clockErrorMs: [],
        pongs: [],
        firstHeardMs: -1,
        errorFirstHeardMs: Number.NaN,
        preRollRestarts: 0,
        losses: [],
      };
    members.push(m);
    const burst = o.pingBurst ?? SYNC.pingBurst;
    const spacing = o.pingBurstIntervalMs ?? SYNC.pingBurstIntervalMs;
    // The tab's clock: from its join, or from the room page's opening before it.
    const lead = late && o.lateClockLeadMs ? o.lateClockLeadMs(m.link.rtt) : 0;
    queue.push(at - lead, () => {
      for (let i = 0; i < burst; i++) queue.push(now + i * spacing, () => m.alive && ping(m));
      const steady = () => {
        if (!m.alive) return;
        ping(m);
        queue.push(now + SYNC.pingIntervalMs, steady);
      };
      queue.push(now + burst * spacing, steady);
      // The page's HTTP: the room's read, the join (not before a guest has typed a name), the room's
      // read again; from the first read's answer on, beside them, its clock requests one after another.
      if (late && (o.lateHttpSamples ?? true)) {
        let clockPings = o.lateHttpClockPings ?? SYNC.httpClockPings;
        const clockPing = () => clockPings-- > 0 && httpExchange(m, clockPing);
        httpExchange(m, () => {
          clockPing();
          queue.push(Math.max(now, at - 2 * m.link.rtt), () =>
            httpExchange(m, () => httpExchange(m, () => {}, o.lateReadSchedule ?? true)),
          );
        });
      }
    });
    queue.push(at, () => {
      // Tab's update loop, every 100 ms of its own clock.
      const loop = () => {
        if (!m.alive) return;
        tick(m);
        queue.push(now + 100 / (1 + m.drift), loop);
      };
      queue.push(now + m.timerRng.between(0, 100), loop);
      if (m.readPlayback) onPlayback(m, m.readPlayback);
      // Joining: the first report asks for the room's schedule.
      m.reported = 'buffering/null';
      deliver(m, 'up', () => void serverReport(m, { status: 'buffering', readyKey: null }));
    });
    return m;
  };

  // ---- The scenario ----
  sync.restore({ roomId: ROOM, schedule: { ...emptyAt(serverNow()) }, origin: '', wait: null });
  void sync.load(ROOM, ITEM);
  for (let i = 0; i < o.members; i++) connect(i, rng.between(0, 1_000), false);
  const dead = members.slice(0, o.deadMembers);
  const staller = members[o.deadMembers];
  const committedAfter = (from: number, done: (waited: number) => void) => {
    const check = () => {
      const s = currentSchedule();
      if (s && !s.paused) done(s.startAt - EPOCH - from);
      else queue.push(now + 10, check);
    };
    queue.push(now, check);
  };
  let currentState: PlaybackSchedule | null = null;
  const currentSchedule = () => currentState;
  bus.subscribe((msg) => {
    if (msg.event === 'room.playback') currentState = (msg.data as RoomPlayback).schedule;
  });

  const figures: SimFigures = {
    skewP50: 0,
    skewP95: 0,
    skewP99: 0,
    skewMax: 0,
    lateJoinSettleMs: [],
    lateJoinWorstAfter2sMs: 0,
    lateJoinWorstHeardMs: 0,
    lateJoinPreRollRestarts: 0,
    firstStartWaitMs: -1,
    seekWithDeadWaitMs: -1,
    resumeAfterDropWaitMs: -1,
    stalledReadmitted: false,
    maxCorrection: 0,
    resyncs: 0,
    samples: 0,
  };

  // Dead members: ready for the first play, then silent for good.
  queue.push(2_900, () => {
    for (const m of dead) m.alive = false;
  });
  queue.push(3_000, () => {
    serverTouched = true;
    void sync.play(ROOM);
    committedAfter(3_000, (w) => {
      figures.firstStartWaitMs = w;
    });
  });
  let startedAt = 0;
  queue.push(3_700, () => {
    startedAt = (currentSchedule()?.startAt ?? EPOCH) - EPOCH;
  });
  for (let i = 0; i < o.lateJoiners; i++) connect(o.members + i, 25_000 + i * 500, true);
  // The host seeks while one member is dead: the wait drops it after stallDropMs, not later.
  queue.push(50_000, () => {
    serverTouched = true;
    void sync.seek(ROOM, 120_000);
    committedAfter(50_000, (w) => {
      figures.seekWithDeadWaitMs = w;
    });
  });
  // Pause and resume: the dropped member holds nothing any more.
  queue.push(62_000, () => {
    serverTouched = true;
    void sync.pause(ROOM);
  });
  queue.push(64_000, () => {
    serverTouched = true;
    void sync.play(ROOM);
    committedAfter(64_000, (w) => {
      figures.resumeAfterDropWaitMs = w;
    });
  });
  // One member's media stalls mid-play for longer than the drop, then comes back.
  queue.push(70_000, () => staller.media.stall(now, now + o.stallMs));
  queue.push(70_000 + o.stallMs + 3_000, () => {
    const held = sync.members(ROOM).find((x) => x.memberId === staller.id);
    figures.stalledReadmitted = held?.stalledOut === false && held.status === 'ready';
  });

  // ---- Measurements ----
  const histogram = new Float64Array(20_001); // 0.1 ms bins up to 2 s
  let pairs = 0;
  const errorOf = (m: Member, s: PlaybackSchedule) => m.media.heard(now) - positionAt(s, serverNow());
  const sample = () => {
    const s = currentSchedule();
    if (s && !s.paused && now >= startedAt + 10_000) {
      const errors = members.filter((m) => m.alive && !m.late && m !== staller).map((m) => errorOf(m, s));
      errors.sort((a, b) => a - b);
      for (let i = 0; i < errors.length; i++)
        for (let j = i + 1; j < errors.length; j++) {
          histogram[Math.min(20_000, Math.round((errors[j] - errors[i]) * 10))]++;
          pairs++;
        }
      figures.samples++;
    }
    if (now < 48_000) queue.push(now + 100, sample);
  };
  queue.push(3_800, () => queue.push(startedAt + 10_000, sample));
  const lateWorst: number[] = [];
  for (const m of members.filter((x) => x.late)) {
    let settledAt = -1;
    const trace = m.trace;
    if (trace)
      for (const at of [1_000, 1_500, 2_000])
        queue.push(m.connectedAt + at, () => {
          trace.pongs.push(m.filter.count);
          trace.clockErrorMs.push(
            m.filter.count === 0 ? Number.POSITIVE_INFINITY : m.filter.toServer(local(m)) - serverNow(),
          );
        });
    const watch = () => {
      const s = currentSchedule();
      if (!s || s.paused) return;
      const e = Math.abs(errorOf(m, s));
      const heard = m.media.audible(now);
      const since = now - m.connectedAt;
      if (heard) figures.lateJoinWorstHeardMs = Math.max(figures.lateJoinWorstHeardMs, e);
      if (heard && trace && trace.firstHeardMs < 0) {
        trace.firstHeardMs = since;
        trace.errorFirstHeardMs = errorOf(m, s);
      }
      if (heard && e <= 30 && settledAt < 0) settledAt = since;
      if (!heard || e > 30) settledAt = -1;
      if (since >= 2_000) lateWorst.push(heard ? e : Number.POSITIVE_INFINITY);
      if (since < 10_000) queue.push(now + 50, watch);
      else {
        figures.lateJoinSettleMs.push(settledAt);
        if (trace) {
          trace.settleMs = settledAt;
          trace.preRollRestarts = m.controller.stats().preRollRestarts;
          o.onLateJoiner?.(trace);
        }
      }
    };
    queue.push(m.connectedAt + 50, watch);
  }

  const END = o.endMs ?? 90_000;
  while (queue.size > 0) {
    const ev = queue.pop();
    if (!ev || ev.at > END) break;
    now = ev.at;
    ev.run();
    // Let the room state's promises settle before the next event (the bus and service are async).
    if (serverTouched) await new Promise((r) => setImmediate(r));
    serverTouched = false;
  }
  sync.close();

  const percentile = (p: number) => {
    const target = pairs * p;
    let seen = 0;
    for (let i = 0; i < histogram.length; i++) {
      seen += histogram[i];
      if (seen >= target) return i / 10;
    }
    return histogram.length / 10;
  };
  figures.skewP50 = percentile(0.5);
  figures.skewP95 = percentile(0.95);
  figures.skewP99 = percentile(0.99);
  figures.skewMax = percentile(1);
  figures.lateJoinWorstAfter2sMs = Math.max(0, ...lateWorst);
  for (const m of members) {
    figures.maxCorrection = Math.max(figures.maxCorrection, m.media.maxRateOffset);
    if (m !== staller && !dead.includes(m)) figures.resyncs += m.controller.stats().resyncs;
    if (m.late) figures.lateJoinPreRollRestarts += m.controller.stats().preRollRestarts;
  }
  return figures;
}

const emptyAt = (t: number): PlaybackSchedule => ({
  itemId: null,
  startAt: t,
  positionAtStart: 0,
  paused: true,
  rate: 1,
  revision: 0,
  durationMs: null,
  waiting: false,
});
