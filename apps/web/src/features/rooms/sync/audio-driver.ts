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
  /** Loads an item into the element (sets its `src`); called when the room's item changes. */
  loadItem(itemId: string | null): void;
  /** The output latency to take off the position heard, ms (an AudioContext's `outputLatency`). */
  outputLatencyMs?: () => number;
  now?: () => number;
  /** Every schedule the room sends (the page shows position, waiting, paused). */
  onPlayback?(playback: RoomPlayback): void;
}

const HAVE_FUTURE_DATA = 3;
const MEDIA_EVENTS = ['playing', 'waiting', 'seeked', 'canplay', 'stalled', 'pause'];

/**
 * Drives one `<audio>` element on a room's schedule (ADR 0057): joins the room's topic, applies the
 * controller's commands (a timed play, a seek while paused, `playbackRate` with the pitch kept),
 * and reports ready/buffering to the room. The pages own the element and the item's URL.
 */
export class RoomAudioSync {
  readonly controller = new PlaybackController();
  private readonly now: () => number;
  private itemId: string | null | undefined = undefined;
  private reported = '';
  private pendingPlay: ReturnType<typeof setTimeout> | null = null;
  private readonly offs: (() => void)[] = [];
  private readonly loop: ReturnType<typeof setInterval>;

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
      ready: m.readyState >= HAVE_FUTURE_DATA && !m.seeking,
    };
  }

  onPlayback(playback: RoomPlayback) {
    if (!this.controller.setSchedule(playback.schedule)) return;
    if (playback.schedule.itemId !== this.itemId) {
      this.itemId = playback.schedule.itemId;
      this.cancelPlay();
      this.o.loadItem(this.itemId);
    }
    this.o.onPlayback?.(playback);
    this.update();
  }

  update() {
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
      } else if (c.type === 'rate') {
        m.preservesPitch = true;
        m.playbackRate = c.rate;
      } else {
        this.cancelPlay();
        this.pendingPlay = setTimeout(
          () => {
            this.pendingPlay = null;
            // Autoplay refused (no gesture yet): the page offers a button; nothing to undo here.
            m.play().catch(() => {});
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
    const r = this.controller.report(this.reading());
    const said = `${r.status}/${r.readyKey}`;
    if (!force && said === this.reported) return;
    if (this.o.transport.send({ type: 'room.member', topic: roomTopic(this.o.roomId), ...r })) this.reported = said;
  }

  stop() {
    clearInterval(this.loop);
    this.cancelPlay();
    for (const off of this.offs) off();
    this.o.media.pause();
  }
}
