import { performance } from 'node:perf_hooks';
import {
  ClockFilter,
  PlaybackController,
  type PlaybackSchedule,
  type RoomPlayback,
  roomTopic,
  SYNC,
  type SyncCommand,
} from '@wavecast/shared';
import WebSocket from 'ws';
import { SimMedia } from '../src/modules/rooms/sync/sim/media';
import type { Rng } from '../src/modules/rooms/sync/sim/rng';

/**
 * A room member over a real WebSocket (issue 39): the real clock filter and controller, with a
 * virtual media element on a drifting crystal in real time, as the browser adapter drives `<audio>`.
 */
export class RoomMemberClient {
  readonly filter = new ClockFilter();
  readonly controller = new PlaybackController();
  readonly media: SimMedia;
  readonly drift: number;
  private readonly offset: number;
  private ws!: WebSocket;
  private timers: NodeJS.Timeout[] = [];
  private pendingPlay: NodeJS.Timeout | null = null;
  private reported = '';
  private pingId = 0;
  /** Frozen: answers nothing, sends nothing (a tab that hangs with its socket open). */
  dead = false;
  connectedAt = 0;
  schedule: PlaybackSchedule | null = null;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly roomId: string,
    rng: Rng,
    /** A guest member's token (the room's topic is for its members only). */
    private readonly token?: string,
  ) {
    this.drift = rng.between(-200, 200) * 1e-6;
    this.offset = rng.between(0, 1e7);
    this.media = new SimMedia(rng, this.drift, rng.between(10, 40));
  }

  local(t = performance.now()) {
    return t * (1 + this.drift) + this.offset;
  }

  async connect(): Promise<void> {
    this.connectedAt = performance.now();
    this.ws = new WebSocket(this.url, { headers: { origin: this.origin } });
    await new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
    const topic = roomTopic(this.roomId);
    const subscribed = new Promise<void>((resolve) => {
      this.ws.on('message', (raw) => {
        if (this.dead) return;
        const msg = JSON.parse(String(raw));
        if (msg.event === 'subscribed' && msg.topic === topic) resolve();
        else if (msg.event === 'clock.pong') {
          const { t0, t1, t2 } = msg.data;
          this.filter.add({ t0, t1, t2, t3: this.local() });
        } else if (msg.event === 'room.playback' && msg.topic === topic) {
          const playback = msg.data as RoomPlayback;
          if (this.controller.setSchedule(playback.schedule)) this.schedule = playback.schedule;
          this.tick();
        }
      });
    });
    this.ws.send(JSON.stringify({ type: 'subscribe', topic, token: this.token }));
    await subscribed;
    for (let i = 0; i < SYNC.pingBurst; i++)
      this.timers.push(setTimeout(() => this.ping(), i * SYNC.pingBurstIntervalMs));
    this.timers.push(
      setTimeout(() => {
        this.timers.push(setInterval(() => this.ping(), SYNC.pingIntervalMs));
      }, SYNC.pingBurst * SYNC.pingBurstIntervalMs),
    );
    this.timers.push(setInterval(() => this.tick(), 100));
    this.send({ type: 'room.member', topic, status: 'buffering', readyKey: null });
    this.reported = 'buffering/null';
  }

  private send(msg: object) {
    if (!this.dead && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private ping() {
    this.send({ type: 'clock.ping', id: this.pingId++, t0: this.local() });
  }

  private tick() {
    if (this.dead) return;
    const now = performance.now();
    this.apply(this.controller.update(this.local(now), this.media.read(now), this.filter));
    const report = this.controller.report(this.media.read(performance.now()));
    const said = `${report.status}/${report.readyKey}`;
    if (said === this.reported) return;
    this.reported = said;
    this.send({ type: 'room.member', topic: roomTopic(this.roomId), ...report });
  }

  private apply(commands: SyncCommand[]) {
    for (const c of commands) {
      const now = performance.now();
      if (c.type === 'pause' || c.type === 'seek') {
        if (this.pendingPlay) clearTimeout(this.pendingPlay);
        this.pendingPlay = null;
      }
      if (c.type === 'pause') this.media.pause(now);
      else if (c.type === 'seek') this.media.seek(now, c.positionMs);
      else if (c.type === 'rate') this.media.setRate(now, c.rate);
      else if (c.type === 'mute') this.media.muted = c.muted;
      else {
        // A new play replaces one still waiting (the controller times a start again when its
        // clock estimate moves), as the page's drivers do.
        if (this.pendingPlay) clearTimeout(this.pendingPlay);
        const at = (c.atLocal - this.offset) / (1 + this.drift);
        this.pendingPlay = setTimeout(
          () => {
            this.pendingPlay = null;
            if (!this.dead) this.media.play(performance.now());
          },
          Math.max(0, at - now),
        );
      }
    }
  }

  /** Position heard now minus where the room is now (ms), by the server's own clock; null while not heard (paused, a muted pre-roll). */
  errorAt(serverNow: number, now = performance.now()): number | null {
    const s = this.schedule;
    if (!s || s.paused || !this.media.audible(now)) return null;
    const expected = s.positionAtStart + (serverNow - s.startAt) * s.rate;
    return this.media.heard(now) - expected;
  }

  close() {
    for (const t of this.timers) clearTimeout(t);
    if (this.pendingPlay) clearTimeout(this.pendingPlay);
    this.ws?.terminate();
  }
}
