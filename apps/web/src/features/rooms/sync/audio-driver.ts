import {
  type ClockEstimate,
  type MediaReading,
  PlaybackController,
  type PlaybackSchedule,
  type RoomPlayback,
  roomTopic,
  type SyncCommand,
} from '@wavecast/shared';
import type { SyncTransport } from './transport';

/** The part of `<audio>` the driver uses (an HTMLAudioElement; tests give a fake). */
export interface SyncedMedia {
  currentTime: number;
  readonly paused: boolean;
  readonly readyState: number;
  readonly seeking: boolean;
  playbackRate: number;
  preservesPitch: boolean;
  muted: boolean;
  /** Set when loading the item failed (a premiere's track stays hidden until its start). */
  readonly error?: unknown;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface RoomAudioSyncOptions {
  media: SyncedMedia;
  transport: SyncTransport;
  clock: ClockEstimate;
  roomId: string;
  /**
   * Loads an item into the element (sets its `src`); called when the room's item changes, and
   * again every `RELOAD_MS` while the element reports an error. Not ready until its promise settles.
   */
  loadItem(itemId: string | null): void | Promise<void>;
  /** The output latency to take off the position heard, ms (an AudioContext's `outputLatency`). */
  outputLatencyMs?: () => number;
  now?: () => number;
  /** Every schedule the room sends (the page shows position, waiting, paused). */
  onPlayback?(playback: RoomPlayback): void;
  /** play() was refused (no user gesture yet): the page offers a button that calls `unlock`. */
  onBlocked?(blocked: boolean): void;
  /** Called just before the element is started: the page takes the app's one audio output then. */
  beforePlay?(): void;
}

const HAVE_FUTURE_DATA = 3;
const MEDIA_EVENTS = ['playing', 'waiting', 'seeked', 'canplay', 'stalled', 'pause'];
/** How often a failed load is tried again. */
const RELOAD_MS = 2_000;

/**
 * Drives one `<audio>` element on a room's schedule (ADR 0057): joins the room's topic, applies the
 * controller's commands (a timed play, a seek while paused, `playbackRate` with the pitch kept),
 * and reports ready/buffering to the room. The pages own the element and the item's URL.
 */
export class RoomAudioSync {
  readonly controller = new PlaybackController();
  private readonly now: () => number;
  private itemId: string | null | undefined = undefined;
  private loading: Promise<void> | null = null;
  private reloadAt = 0;
  private reported = '';
  private pendingPlay: ReturnType<typeof setTimeout> | null = null;
  private readonly offs: (() => void)[] = [];
  private readonly loop: ReturnType<typeof setInterval>;
  /** Not listening (another player took the output): the schedule is followed, not played. */
  private suspended = false;

  constructor(private readonly o: RoomAudioSyncOptions) {
    this.now = o.now ?? (() => performance.now());
    o.media.preservesPitch = true;
    const topic = roomTopic(o.roomId);
    this.offs.push(
      o.transport.subscribe(topic, (msg) => {
        if (msg.event === 'room.playback') this.onPlayback(msg.data as RoomPlayback);
        // The server answers a subscription with 'subscribed' (outside the event map), after a
        // reconnect too, when it knows nothing of this member: join then.
        else if ((msg.event as string) === 'subscribed') this.report(true);
      }),
    );
    const onMedia = () => this.update();
    for (const type of MEDIA_EVENTS) o.media.addEventListener(type, onMedia);
    this.offs.push(() => {
      for (const type of MEDIA_EVENTS) o.media.removeEventListener(type, onMedia);
    });
    this.loop = setInterval(() => this.update(), 100);
  }

  /** The schedule held (null before the first). */
  get schedule(): PlaybackSchedule | null {
    return this.controller.current();
  }

  reading(): MediaReading {
    const m = this.o.media;
    return {
      positionMs: m.currentTime * 1000 - (this.o.outputLatencyMs?.() ?? 0),
      paused: m.paused,
      ready: !this.loading && m.readyState >= HAVE_FUTURE_DATA && !m.seeking,
    };
  }

  onPlayback(playback: RoomPlayback) {
    if (!this.controller.setSchedule(playback.schedule)) return;
    if (playback.schedule.itemId !== this.itemId) {
      this.itemId = playback.schedule.itemId;
      this.cancelPlay();
      this.load();
    }
    this.o.onPlayback?.(playback);
    this.update();
  }

  private load() {
    const itemId = this.itemId ?? null;
    const job = this.o.loadItem(itemId);
    if (!(job instanceof Promise)) return;
    const pending = job.catch(() => {});
    this.loading = pending;
    void pending.finally(() => {
      if (this.loading !== pending) return;
      this.loading = null;
      this.update();
    });
  }

  update() {
    if (this.suspended) return this.report(false);
    if (this.itemId && this.o.media.error && !this.loading && this.now() >= this.reloadAt) {
      this.reloadAt = this.now() + RELOAD_MS;
      this.load();
    }
    this.apply(this.controller.update(this.now(), this.reading(), this.o.clock));
    this.report(false);
  }

  private apply(commands: SyncCommand[]) {
    const m = this.o.media;
    for (const c of commands) {
      if (c.type === 'pause') {
        this.cancelPlay();
        if (!m.paused) m.pause();
      } else if (c.type === 'seek') {
        this.cancelPlay();
        m.currentTime = c.positionMs / 1000;
      } else if (c.type === 'mute') {
        m.muted = c.muted;
      } else if (c.type === 'rate') {
        m.preservesPitch = true;
        m.playbackRate = c.rate;
      } else {
        this.cancelPlay();
        this.pendingPlay = setTimeout(
          () => {
            this.pendingPlay = null;
            this.o.beforePlay?.();
            // Autoplay refused (no gesture yet): the page offers a button (`unlock`).
            m.play().then(
              () => this.o.onBlocked?.(false),
              () => this.o.onBlocked?.(true),
            );
          },
          Math.max(0, c.atLocal - this.now()),
        );
      }
    }
  }

  private cancelPlay() {
    if (this.pendingPlay) clearTimeout(this.pendingPlay);
    this.pendingPlay = null;
  }

  /** Tells the room this member's state when it changed (or always, on joining). */
  private report(force: boolean) {
    // A member not listening is present but `idle`: the room does not wait for it.
    const r = this.suspended ? { status: 'idle' as const, readyKey: null } : this.controller.report(this.reading());
    const said = `${r.status}/${r.readyKey}`;
    if (!force && said === this.reported) return;
    if (this.o.transport.send({ type: 'room.member', topic: roomTopic(this.o.roomId), ...r })) this.reported = said;
  }

  /** Called from a click: lets this page start audio from then on (and plays if the room does). */
  unlock() {
    const m = this.o.media;
    this.o.beforePlay?.();
    m.play().then(
      () => {
        // Started from the click, off the schedule: paused again, then timed by the controller.
        m.pause();
        this.controller.restart();
        this.o.onBlocked?.(false);
        this.reported = '';
        this.update();
      },
      () => this.o.onBlocked?.(true),
    );
  }

  /**
   * This member stops listening (another player took the output): the element pauses and stays
   * paused whatever the room does, and the room is told it is idle until `resume`.
   */
  suspend() {
    if (this.suspended) return;
    this.suspended = true;
    this.cancelPlay();
    this.o.media.pause();
    this.update();
  }

  /** From a click: listening again, back in step with the room (started as `unlock` does). */
  resume() {
    if (!this.suspended) return;
    this.suspended = false;
    this.unlock();
  }

  get listening(): boolean {
    return !this.suspended;
  }

  stop() {
    clearInterval(this.loop);
    this.cancelPlay();
    for (const off of this.offs) off();
    this.o.media.pause();
  }
}
