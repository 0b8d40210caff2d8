import {
  CLOCK_TOPIC,
  ClockFilter,
  type ClockPong,
  type MediaReading,
  PlaybackController,
  type PlaybackSchedule,
  type RoomPlayback,
  roomTopic,
  SYNC,
  type SyncCommand,
} from '@wavecast/shared';
import { guestToken } from './guest';

/** Options of one room's audio: the element, where an item's audio is, what the page wants to hear. */
export interface RoomAudioOptions {
  roomId: string;
  audio: HTMLAudioElement;
  /** The stream URL of a queue item (null: not known yet: the page refetches its queue). */
  srcOf(itemId: string): Promise<string | null>;
  onPlayback?(playback: RoomPlayback): void;
  /** play() was refused (no user gesture yet): the page offers a button that calls `unlock`. */
  onBlocked?(blocked: boolean): void;
}

const TICK_MS = 100;

/**
 * Keeps an `<audio>` on a room's schedule with the sync core (ADR 0057): clock pings and member
 * reports over a WebSocket of its own to `/api/ws`, the core's `PlaybackController` deciding, this
 * file applying its commands (seek only while paused, start on a timer, ±0.5 % pitch-preserving
 * rate). Answers a stop function and an unlock for browsers that refuse play() without a gesture.
 */
export function connectRoomAudio(opts: RoomAudioOptions) {
  const { audio, roomId } = opts;
  const topic = roomTopic(roomId);
  const filter = new ClockFilter();
  const controller = new PlaybackController();
  let ws: WebSocket | null = null;
  let stopped = false;
  let pingId = 0;
  let pings = 0;
  let loadedItem: string | null = null;
  let loading: Promise<void> | null = null;
  let lastReport = '';
  let playTimer: ReturnType<typeof setTimeout> | undefined;
  let retry = 0;
  audio.preservesPitch = true;

  const send = (msg: object) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  };
  const ping = () => send({ type: 'clock.ping', id: pingId++ % 2 ** 31, t0: performance.now() });

  const reading = (): MediaReading => ({
    positionMs: audio.currentTime * 1000,
    paused: audio.paused,
    ready: loadedItem !== null && !loading && audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA && !audio.seeking,
  });

  const report = (force = false) => {
    const r = reading();
    const status = controller.current()?.itemId == null ? 'idle' : r.ready ? 'ready' : 'buffering';
    const readyKey = status === 'ready' ? controller.readyFor(r) : null;
    const key = `${status}|${readyKey}`;
    if (!force && key === lastReport) return;
    lastReport = key;
    send({ type: 'room.member', topic, status, readyKey });
  };

  const apply = (cmd: SyncCommand) => {
    switch (cmd.type) {
      case 'pause':
        clearTimeout(playTimer);
        audio.pause();
        break;
      case 'seek':
        audio.currentTime = cmd.positionMs / 1000;
        break;
      case 'play':
        clearTimeout(playTimer);
        playTimer = setTimeout(
          () => {
            audio.play().then(
              () => opts.onBlocked?.(false),
              () => opts.onBlocked?.(true),
            );
          },
          Math.max(0, cmd.atLocal - performance.now()),
        );
        break;
      case 'rate':
        audio.playbackRate = cmd.rate;
        break;
      case 'mute':
        // A late join's pre-roll plays muted until it is in step (ADR 0057).
        audio.muted = cmd.muted;
        break;
    }
  };

  /** A new item: its audio loaded paused (the controller seeks and starts it). */
  const load = (schedule: PlaybackSchedule) => {
    const itemId = schedule.itemId;
    if (itemId === loadedItem) return;
    loadedItem = itemId;
    clearTimeout(playTimer);
    audio.pause();
    if (!itemId) {
      audio.removeAttribute('src');
      return;
    }
    const job = opts.srcOf(itemId).then((src) => {
      if (loadedItem !== itemId || !src) return;
      audio.src = src;
      audio.load();
    });
    loading = job;
    void job.finally(() => {
      if (loading === job) loading = null;
    });
  };

  let retryAt = 0;
  const tick = () => {
    if (stopped) return;
    const schedule = controller.current();
    // A failed load (a premiere's track is hidden until its start) is tried again every 2 s.
    if (schedule?.itemId && audio.error && !loading && performance.now() >= retryAt) {
      retryAt = performance.now() + 2_000;
      loadedItem = null;
      load(schedule);
    }
    if (schedule && filter.ready) for (const cmd of controller.update(performance.now(), reading(), filter)) apply(cmd);
    report();
  };

  const connect = () => {
    if (stopped) return;
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`);
    ws = socket;
    socket.onopen = () => {
      retry = 0;
      pings = 0;
      // Rooms are for members: a guest's token goes with the subscribe (ADR 0058).
      socket.send(JSON.stringify({ type: 'subscribe', topic, token: guestToken(roomId) ?? undefined }));
      lastReport = '';
    };
    socket.onmessage = (e) => {
      let msg: { topic: string; event: string; data: unknown };
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.topic === CLOCK_TOPIC && msg.event === 'clock.pong') {
        const p = msg.data as ClockPong;
        filter.add({ t0: p.t0, t1: p.t1, t2: p.t2, t3: performance.now() });
      } else if (msg.topic === topic && msg.event === 'subscribed') {
        report(true); // joins the room's sync: answered with its playback
      } else if (msg.topic === topic && msg.event === 'room.playback') {
        const playback = msg.data as RoomPlayback;
        if (controller.setSchedule(playback.schedule)) load(playback.schedule);
        opts.onPlayback?.(playback);
        tick();
      }
    };
    socket.onclose = () => {
      if (ws !== socket || stopped) return;
      ws = null;
      setTimeout(connect, Math.min(10_000, 200 * 2 ** retry++));
    };
  };

  const timers = [
    setInterval(tick, TICK_MS),
    setInterval(() => {
      // A burst on connecting, then one a second (the socket allows 20 messages a second).
      if (pings < SYNC.pingBurst || pings % Math.round(SYNC.pingIntervalMs / SYNC.pingBurstIntervalMs) === 0) ping();
      pings++;
    }, SYNC.pingBurstIntervalMs),
  ];
  const onMedia = () => tick();
  for (const ev of ['playing', 'waiting', 'seeked', 'canplay'] as const) audio.addEventListener(ev, onMedia);
  connect();

  return {
    stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      clearTimeout(playTimer);
      for (const ev of ['playing', 'waiting', 'seeked', 'canplay'] as const) audio.removeEventListener(ev, onMedia);
      ws?.close();
      audio.pause();
    },
    /** Called from a click: lets this page start audio from then on. */
    unlock() {
      void audio.play().then(
        () => {
          if (controller.current()?.paused !== false) audio.pause();
          opts.onBlocked?.(false);
          lastReport = '';
          tick();
        },
        () => opts.onBlocked?.(true),
      );
    },
    stats: () => controller.stats(),
  };
}

export type RoomAudio = ReturnType<typeof connectRoomAudio>;
