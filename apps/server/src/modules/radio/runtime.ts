import type { RealtimeMessage } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { StreamLeases } from '../../relay/lease';
import type { RadioDjAdmission, RadioDjMetadata } from '../live/encoder/dj-source';
import type { LiveService } from '../live/service';
import { channelLeases } from './channel-lease';
import { BILLING_ALLOWANCE_CHECK_MS, RADIO_HANDOVER_WAIT_MS, RADIO_LEASE_TTL_MS } from './constants';
import {
  type DjSession,
  dbTrackLibrary,
  hubOutput,
  type RadioChannelHandle,
  type RadioNowPlaying,
  RadioTakeoverRefused,
  startRadioChannel,
  type TimelineItem,
} from './engine';
import { toEngineProgram } from './engine-program';
import { RADIO_INTERNAL_TOPIC, type RadioService } from './service';

/** How long stopping waits for the engine's fade-out before the stream ends anyway. */
const STOP_WAIT_MS = 3_000;
/** A process that wants a channel asks its holder to let it go (a DJ connected there). */
const HANDOVER_EVENT = 'radio.handover';
/** A holder let a channel go (shutdown, handover): whoever takes its lease first goes on from this point. */
const RESUME_EVENT = 'radio.resume';
/** A DJ's metadata update reached another process: the channel's holder gives it to the DJ's set. */
const DJ_TITLE_EVENT = 'radio.djTitle';

export interface RadioRuntimeOptions {
  leaseTtlMs?: number;
  handoverWaitMs?: number;
}

interface Running {
  handle: RadioChannelHandle;
  streamId: string;
  ownerId: string;
  dj: { session: DjSession; cut: () => void } | null;
  off: () => void;
}

/**
 * The channels this process airs (issue 38, ADR 0056): each on-air channel is one engine
 * (`engine/`) publishing into the relay hub under a live stream row of its own, so the live
 * routes serve it (endless WebM, LL-HLS, ICY, chat, listener counts). One process runs a channel:
 * the holder of its lease (`channel-lease.ts`, ADR 0065). A dead holder's lease lapses and the
 * first process to notice resumes the channel under the same stream; a DJ who reaches a process
 * that does not run the channel has it handed over there first (the holder fades out and lets go).
 * Program, air and key changes arrive on `internal:radio`; the engine's now playing goes back
 * to the channel (history, radio plays, the page's room).
 */
export class RadioRuntime {
  private readonly running = new Map<string, Running>();
  private readonly starting = new Map<string, Promise<void>>();
  /** Resume points other processes handed over, by channel, until a start here used (or skipped) them. */
  private readonly resumePoints = new Map<string, TimelineItem[]>();
  private readonly unsubscribe: () => void;
  private readonly allowanceTimer: NodeJS.Timeout;
  private readonly leases: StreamLeases;
  private readonly leaseTimer: NodeJS.Timeout;
  private leaseTick: Promise<void> = Promise.resolve();
  private readonly leaseTtlMs: number;
  private readonly handoverWaitMs: number;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly live: LiveService,
    private readonly radio: RadioService,
    private readonly log: (msg: string, err?: unknown) => void,
    opts: RadioRuntimeOptions = {},
  ) {
    this.leaseTtlMs = opts.leaseTtlMs ?? RADIO_LEASE_TTL_MS;
    this.handoverWaitMs = opts.handoverWaitMs ?? RADIO_HANDOVER_WAIT_MS;
    this.leases = channelLeases(ctx);
    this.unsubscribe = ctx.bus.subscribe((msg) => void this.onMessage(msg).catch((e) => log('radio: message', e)));
    this.allowanceTimer = setInterval(() => void this.checkAllowances(), BILLING_ALLOWANCE_CHECK_MS);
    this.allowanceTimer.unref();
    this.leaseTimer = setInterval(() => {
      // One round at a time: a slow Redis must not pile rounds up.
      this.leaseTick = this.leaseTick.then(() => this.refreshLeases());
    }, this.leaseTtlMs / 4);
    this.leaseTimer.unref();
  }

  /** This process, as leases name it (the relay hub's id: one process, one id). */
  get processId(): string {
    return this.live.hub.processId;
  }

  /** The process running the channel (its lease holder), or null. */
  holderOf = (channelId: string) => this.leases.holder(channelId);

  isRunning = (channelId: string) => this.running.has(channelId);
  streamOf = (channelId: string) => this.running.get(channelId)?.streamId ?? null;

  /** Starts the channel's engine here (once); a channel that cannot start goes off air, logged. */
  start(channelId: string): Promise<void> {
    if (this.running.has(channelId) || this.closed) return Promise.resolve();
    let p = this.starting.get(channelId);
    if (!p) {
      p = this.doStart(channelId)
        .catch(async (e) => {
          this.log(`radio: channel ${channelId} could not start`, e);
          await this.radio.forceOffAir(channelId).catch(() => {});
        })
        .finally(() => this.starting.delete(channelId));
      this.starting.set(channelId, p);
    }
    return p;
  }

  private async doStart(channelId: string) {
    const found = await this.radio.engineFacts(channelId);
    if (!found?.channel.onAir || found.owner.suspended) return;
    const { channel, owner } = found;
    // Another live process runs it.
    if ((await this.leases.acquire(channelId, this.processId, this.leaseTtlMs)) === 'held') return;
    let streamId: string | null = null;
    if (channel.streamId) {
      // Its stream still open: the channel goes on under it here (its holder died or let go), so
      // listeners and the page keep the same stream; the relay's lease on it comes here too.
      const stream = await this.live.streams.get(null, channel.streamId).catch(() => null);
      if (stream && stream.status !== 'ended') {
        // Leases in memory are this process's only: an open stream may be another's, left alone.
        if (!this.live.hub.sharesLeases || !(await this.live.hub.takeOver(channel.streamId))) {
          await this.leases.release(channelId, this.processId);
          return;
        }
        streamId = channel.streamId;
      }
    }
    streamId ??= await this.live.streams.openForRadio(
      { id: owner.id, role: 'creator' },
      { radioChannelId: channel.id, title: channel.name, description: channel.description, category: channel.category },
    );
    const handle = startRadioChannel(toEngineProgram(found.facts), {
      library: dbTrackLibrary(this.ctx, { ownerId: owner.id }),
      output: hubOutput(
        this.live.hub,
        this.live.streams,
        { id: streamId, title: channel.name, description: channel.description },
        { log: this.log },
      ),
      seed: channel.id,
      ffmpegPath: this.ctx.config.FFMPEG_PATH,
      log: this.log,
      resume: this.resumePoints.get(channelId),
    });
    const off = handle.on((e) => {
      if (e.type === 'nowPlaying') void this.aired(channelId, e.nowPlaying);
      else if (e.type === 'djCut')
        this.running.get(channelId)?.dj?.cut(); // a DJ-only slot is over
      else if (e.type === 'error') this.log(`radio: channel ${channelId}: ${e.message}`);
    });
    this.running.set(channelId, { handle, streamId, ownerId: owner.id, dj: null, off });
    await this.radio.setStream(channelId, { streamId });
  }

  private async aired(channelId: string, n: RadioNowPlaying) {
    if (n.kind !== 'track' && n.kind !== 'dj') return; // jingles and silence are not "now playing"
    await this.radio
      .aired(channelId, {
        trackId: n.kind === 'track' ? n.trackId : null,
        title: n.title,
        artist: n.artist ?? n.djName ?? '',
        startedAt: new Date(n.startedAt).toISOString(),
        source: n.kind === 'dj' ? 'dj' : 'autodj',
      })
      .catch((e) => this.log('radio: recording an airing failed', e));
  }

  /** Stops the channel's engine here and ends its stream row. */
  async stop(channelId: string): Promise<void> {
    const r = await this.halt(channelId);
    if (!r) return;
    await this.live.streams.endById(r.streamId).catch((e) => this.log('radio: ending the stream failed', e));
    await this.leases.release(channelId, this.processId).catch(() => {});
  }

  /**
   * Lets the channel go to another process: the engine fades out and the relay session ends here,
   * but the stream row stays open; the lease is released and the engine's resume point published,
   * so the process that takes the lease next goes on under the same stream at the same position.
   */
  private async letGo(channelId: string): Promise<void> {
    const r = await this.halt(channelId);
    if (!r) return;
    await this.live.hub.end(r.streamId).catch((e) => this.log('radio: ending the relay session failed', e));
    await this.leases.release(channelId, this.processId).catch(() => {});
    await this.ctx.bus
      .publish(RADIO_INTERNAL_TOPIC, RESUME_EVENT, { channelId, processId: this.processId, items: r.resumePoint })
      .catch((e) => this.log('radio: publishing a resume point failed', e));
  }

  /** The engine here faded out and stopped (never held up by it: the hub may be closing too). */
  private async halt(channelId: string): Promise<(Running & { resumePoint: TimelineItem[] }) | null> {
    await this.starting.get(channelId);
    const r = this.running.get(channelId);
    if (!r) return null;
    this.running.delete(channelId);
    r.off();
    r.dj?.cut();
    const resumePoint = r.handle.resumePoint();
    await Promise.race([
      r.handle.stop().catch((e) => this.log('radio: stopping the engine failed', e)),
      new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
    ]);
    return { ...r, resumePoint };
  }

  /**
   * The channel here, from whichever process runs it: at once when nobody does (lease free), else
   * by asking its holder to let go and waiting for the lease. False when it could not be had.
   */
  private async bringHere(channelId: string): Promise<boolean> {
    if (this.running.has(channelId)) return true;
    const holder = await this.leases.holder(channelId);
    if (holder && holder !== this.processId) {
      await this.ctx.bus.publish(RADIO_INTERNAL_TOPIC, HANDOVER_EVENT, { channelId, processId: this.processId });
      const deadline = Date.now() + this.handoverWaitMs;
      while (!this.closed && Date.now() < deadline && (await this.leases.holder(channelId)) !== null)
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.start(channelId);
    return this.running.has(channelId);
  }

  /** Refreshes the leases of the channels run here; resumes here those whose holder stopped refreshing. */
  private async refreshLeases(): Promise<void> {
    if (this.closed) return;
    try {
      for (const id of [...this.running.keys()]) {
        // Held by another process: this one stalled past its lease and the channel went on there.
        if ((await this.leases.acquire(id, this.processId, this.leaseTtlMs)) === 'held') {
          this.log(`radio: channel ${id} is run by another process now; letting it go here`);
          await this.letGo(id);
        }
      }
      for (const id of await this.leases.takeLapsed()) {
        if (!this.running.has(id)) await this.start(id);
      }
    } catch (e) {
      if (!this.closed) this.log('radio: refreshing the channel leases failed', e);
    }
  }

  /** Channels on air that no process runs (no live lease): started here. */
  async resumeOnAir(): Promise<void> {
    for (const id of await this.radio.onAirIds()) await this.start(id);
  }

  /** The encoder ingest's DJ keys (`wrk_…`): the channel's takeover, when this process runs it. */
  readonly admitDj: RadioDjAdmission = async (key, djName) => {
    const found = await this.radio.authenticateKey(key);
    if (!found) return { status: 401, message: 'Invalid or revoked stream key' };
    if (found.refused) return { status: 403, message: found.refused };
    // Run elsewhere (or nowhere): handed over here first, so the DJ is heard wherever they connect.
    if (!(await this.bringHere(found.channel.id).catch(() => false)))
      return { status: 503, message: 'The channel is not running on this server' };
    const r = this.running.get(found.channel.id);
    if (!r) return { status: 503, message: 'The channel is not running on this server' };
    if (r.dj) return { status: 403, message: 'Mountpoint in use' };
    return {
      start: (source, format, cut) => {
        const session = r.handle.takeover({ source, format, djName, djId: found.ownerId });
        const entry = { session, cut };
        r.dj = entry;
        const done = () => {
          if (r.dj === entry) r.dj = null;
        };
        source.once('end', done);
        source.once('close', done);
        session.onAir.catch((e) => {
          done();
          if (!(e instanceof RadioTakeoverRefused)) this.log('radio: takeover failed', e);
          cut();
        });
      },
    };
  };

  /**
   * A metadata update with a DJ key (`wrk_…`): the song becomes the DJ's now playing (history, ICY,
   * HLS, the page). Run here, it needs a DJ connected; run elsewhere, the holder gets it over the
   * bus (any process may take the update, as for broadcasts, ADR 0043).
   */
  readonly djMetadata: RadioDjMetadata = async (key, song) => {
    const found = await this.radio.authenticateKey(key);
    if (!found) return { status: 401, message: 'Invalid or revoked stream key' };
    const r = this.running.get(found.channel.id);
    if (r) {
      if (!r.dj) return { status: 400, message: 'Source does not exist' };
      r.dj.session.setTitle(song);
      return { status: 200, message: 'Metadata update successful' };
    }
    await this.ctx.bus.publish(RADIO_INTERNAL_TOPIC, DJ_TITLE_EVENT, {
      channelId: found.channel.id,
      processId: this.processId,
      song,
    });
    return { status: 200, message: 'Metadata update successful' };
  };

  private async onMessage(msg: RealtimeMessage) {
    if (msg.topic === RADIO_INTERNAL_TOPIC && msg.event === DJ_TITLE_EVENT) {
      const d = msg.data as { channelId: string; processId: string; song: string };
      if (d.processId !== this.processId) this.running.get(d.channelId)?.dj?.session.setTitle(d.song);
      return;
    }
    if (msg.topic === RADIO_INTERNAL_TOPIC && msg.event === HANDOVER_EVENT) {
      const d = msg.data as { channelId: string; processId: string };
      if (d.processId !== this.processId && this.running.has(d.channelId)) await this.letGo(d.channelId);
      return;
    }
    if (msg.topic === RADIO_INTERNAL_TOPIC && msg.event === RESUME_EVENT) {
      const d = msg.data as { channelId: string; processId: string; items: TimelineItem[] };
      if (d.processId === this.processId || this.closed) return;
      // Every live process tries; the channel's lease lets one start it.
      this.resumePoints.set(d.channelId, d.items);
      await this.start(d.channelId).finally(() => this.resumePoints.delete(d.channelId));
      return;
    }
    if (msg.topic === RADIO_INTERNAL_TOPIC && msg.event === 'radio.changed') {
      const d = msg.data as { channelId?: string; userId?: string; what: string };
      if (d.what === 'account') {
        for (const [id, r] of this.running) if (r.ownerId === d.userId) await this.stop(id);
        return;
      }
      const id = d.channelId;
      const r = id ? this.running.get(id) : undefined;
      if (!id || !r) return;
      if (d.what === 'key') r.dj?.cut();
      const found = await this.radio.engineFacts(id);
      if (!found?.channel.onAir || found.owner.suspended) return this.stop(id);
      if (d.what === 'program') {
        r.handle.updateProgram(toEngineProgram(found.facts));
      }
      return;
    }
    // Listener counts of the channels' streams (the live hub counts them on every process).
    if (msg.event === 'live.viewers' && msg.topic.startsWith('live:')) {
      const { streamId, viewers } = msg.data as { streamId: string; viewers: number };
      for (const [id, r] of this.running)
        if (r.streamId === streamId) await this.radio.setStream(id, { listenerCount: viewers });
    }
  }

  /** A free plan's channel goes off air once the month's live allowance is used up. */
  private async checkAllowances() {
    for (const [id, r] of this.running) {
      try {
        const left = await this.live.allowance.secondsLeft({ id: r.ownerId, role: 'creator' });
        if (left === 0) await this.radio.forceOffAir(id);
      } catch (e) {
        this.log('radio: allowance check failed', e);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.allowanceTimer);
    clearInterval(this.leaseTimer);
    await this.leaseTick;
    // With shared leases another process takes each channel over where it is (a rolling deploy);
    // alone (leases in memory), the channels stop and the next boot starts them afresh.
    for (const id of [...this.running.keys()]) await (this.live.hub.sharesLeases ? this.letGo(id) : this.stop(id));
    await this.leases.close();
  }
}
