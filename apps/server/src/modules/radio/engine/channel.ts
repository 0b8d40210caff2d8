import { PcmEncoder } from './encoder';
import { itemGainAt, type Ramp, rampAt } from './envelope';
import { CHANNELS, PcmDecoder } from './pcm';
import { activeSlot, djSlotEnd } from './schedule';
import { placeItem, planTimeline } from './timeline';
import {
  type DjInput,
  type DjSession,
  RADIO_DEFAULTS,
  type RadioChannelHandle,
  type RadioEvent,
  type RadioNowPlaying,
  type RadioOutput,
  type RadioProgram,
  RadioTakeoverRefused,
  type RadioTrack,
  type TimelineItem,
  type TrackLibrary,
} from './types';

export interface RadioChannelOptions {
  library: TrackLibrary;
  output: RadioOutput;
  /** Same seed, program and start instant → the same timeline. */
  seed: string;
  /** When the timeline starts, epoch ms (default: now). */
  startAt?: number;
  /** Offline renders: stop by themselves once the output reaches this instant (epoch ms). */
  renderUntil?: number;
  /** PCM rate of the mix (default 48 kHz; tests and benches may lower it: 8, 12, 16 or 24 kHz). */
  sampleRate?: number;
  /** false: render as fast as the encoder takes it (offline renders); default true (real time, a little ahead). */
  realTime?: boolean;
  /** false: the DJ's audio as it comes (default: levelled to RADIO_DEFAULTS.targetLufs, ADR 0069). */
  levelDj?: boolean;
  /** The Opus bitrate of the output (default 96 kbit/s). */
  bitrate?: number;
  /** Overrides of RADIO_DEFAULTS' timings (tests). */
  timing?: Partial<Pick<typeof RADIO_DEFAULTS, 'djBufferMs' | 'takeoverFadeMs' | 'renderAheadMs'>>;
  ffmpegPath?: string;
  log?: (msg: string, err?: unknown) => void;
  /**
   * Another process's `resumePoint()`: the timeline goes on from it at the same position (the
   * items playing now continue mid-way, the planned ones follow) instead of a fresh plan.
   */
  resume?: TimelineItem[];
}

type PlayItem = Extract<TimelineItem, { kind: 'track' | 'jingle' }>;

interface Voice {
  item: PlayItem;
  track: RadioTrack;
  decoder: PcmDecoder;
  startFrame: number;
  endFrame: number;
  fadeOutFrom: number | null;
  fadeInFrames: number;
  heardFrames: number;
  announced: boolean;
  /** A going-live jingle: not the auto-DJ's, so not faded by the takeover. */
  overTakeover: boolean;
}

interface DjState {
  input: DjInput;
  decoder: PcmDecoder;
  phase: 'buffering' | 'on' | 'draining';
  /** The frame the input came in at. */
  arrivedFrame: number;
  startFrame: number;
  /** A DJ-only channel: the frame their slot ends (their audio fades out into it), else null. */
  slotEndFrame: number | null;
  /** The DJ's own gain (the fade at their slot's end). */
  ramp: Ramp | null;
  /** What the DJ's encoder last said plays (its metadata update); null: the set's own title. */
  title: string | null;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** The mix advances in blocks this long: the grain of every switch. */
const BLOCK_MS = 20;
/** A decoder starts this far ahead of its item, so its first audio is ready in time. */
const PREFETCH_MS = 3000;
/** Items are planned at least this far ahead. */
const PLAN_AHEAD_MS = 10 * 60_000;
const PLAN_CHUNK_MS = 60 * 60_000;
const ANTI_CLICK_MS = 20;
const STOP_FADE_MS = 500;
/** Items heard that a resume point carries (the repeat and jingle rules look back into them). */
const RESUME_HISTORY = 100;
/** Blocks written to the encoder at once in offline renders (and while a real-time channel catches up). */
const OFFLINE_BATCH = 25;
/**
 * Real time, the mix is rendered in batches this long: once its lead over the clock has fallen to
 * `renderAheadMs`, it is rendered to this much further ahead and written to the encoder at once,
 * so the process and the encoder wake a few times a second, not at every 20 ms block (ADR 0080).
 */
const REALTIME_BATCH_MS = 250;

/**
 * Starts a channel: plans its timeline, renders it (decoders → gain → crossfades → mix →
 * encoder) a little ahead of real time into `output`, and takes DJ inputs over (ADR 0055).
 */
export function startRadioChannel(initial: RadioProgram, opts: RadioChannelOptions): RadioChannelHandle {
  const rate = opts.sampleRate ?? RADIO_DEFAULTS.sampleRate;
  const timing = { ...RADIO_DEFAULTS, ...opts.timing };
  const realTime = opts.realTime ?? true;
  /** Epoch ms of frame 0 (set when rendering starts, unless given). */
  let t0 = opts.startAt ?? Date.now();
  const block = Math.round((rate * BLOCK_MS) / 1000);
  const framesOf = (ms: number) => Math.round((ms * rate) / 1000);
  const msOf = (frame: number) => t0 + (frame * 1000) / rate;
  const log = opts.log ?? (() => {});

  let program = initial;
  let catalog = new Map<string, RadioTrack>();
  const listeners = new Set<(e: RadioEvent) => void>();
  const historyList: RadioNowPlaying[] = [];
  let current: RadioNowPlaying | null = null;
  let planned: PlayItem[] = [];
  const heard: TimelineItem[] = [];
  let voices: Voice[] = [];
  let autoRamp: Ramp = { from: 1, to: 1, startFrame: 0, frames: 1 };
  let dj: DjState | null = null;
  let grace: { djId: string; until: number; timer: NodeJS.Timeout | null } | null = null;
  const due: { frame: number; fire: () => void }[] = [];
  let pos = 0;
  const batch: Float32Array[] = [];
  let stopped = false;
  /** Set by stop(): the frame where the closing fade ends. */
  let stopAt: number | null = null;
  let wallStart = 0;

  const emit = (e: RadioEvent) => {
    for (const fn of listeners) {
      try {
        fn(e);
      } catch (err) {
        log('radio: an event listener failed', err);
      }
    }
  };
  const at = (frame: number, fire: () => void) => due.push({ frame, fire });
  const announce = (np: RadioNowPlaying) => {
    current = np;
    historyList.unshift(np);
    historyList.length = Math.min(historyList.length, RADIO_DEFAULTS.historySize);
    opts.output.title(np.artist ? `${np.artist} - ${np.title}` : np.title);
    emit({ type: 'nowPlaying', nowPlaying: np });
  };

  const encoder = new PcmEncoder(rate, (chunk) => opts.output.push(chunk), {
    ffmpegPath: opts.ffmpegPath,
    bitrate: opts.bitrate,
  });

  async function loadCatalog(p: RadioProgram): Promise<Map<string, RadioTrack>> {
    const ids = [
      ...p.rotations.flatMap((r) => r.trackIds),
      ...p.shows.flatMap((s) => (s.kind === 'playlist' ? s.trackIds : [])),
      ...(p.jingles?.trackIds ?? []),
      ...(p.jingles?.goingLiveTrackId ? [p.jingles.goingLiveTrackId] : []),
    ];
    return opts.library.load(ids);
  }

  /** Plans from `fromMs` on (dropping what was planned and not started). */
  function replan(fromMs: number): void {
    planned = [];
    extendPlan(fromMs);
  }

  function extendPlan(fromMs: number): void {
    const items = planTimeline(program, catalog, {
      seed: opts.seed,
      from: fromMs,
      until: fromMs + PLAN_CHUNK_MS,
      // What started and what is planned after it: the repeat, jingle and show rules look back into both.
      history: [...heard, ...planned].slice(-200),
    });
    for (const i of items) if (i.kind !== 'dj-slot') planned.push(i);
  }

  function ensurePlanned(): void {
    if (dj?.phase === 'on') return; // the timeline waits while a DJ is on (not while their input buffers)
    const last = planned.at(-1) ?? voices.filter((v) => !v.overTakeover).at(-1)?.item;
    const horizon = msOf(pos) + PLAN_AHEAD_MS;
    if (!last) replan(msOf(pos));
    else if (last.nextStartMs < horizon) extendPlan(last.nextStartMs);
  }

  function startVoice(item: PlayItem, startFrame: number, overTakeover: boolean): void {
    const track = catalog.get(item.trackId);
    if (!track) return;
    const length = item.endMs - item.startMs;
    // An item resumed mid-way (another process played its start, ADR 0069) goes on from where it is.
    const itemStart = Math.min(startFrame, framesOf(item.startMs - t0));
    const skipMs = ((startFrame - itemStart) * 1000) / rate;
    if (skipMs >= length) return;
    const decoder = new PcmDecoder(
      {
        kind: 'file',
        path: track.path,
        startMs: track.cues.cueInMs + skipMs,
        lengthMs: length - skipMs,
        gainDb: item.gainDb,
      },
      rate,
      { ffmpegPath: opts.ffmpegPath },
    );
    const endFrame = itemStart + framesOf(length);
    const fadeOut = itemStart + framesOf(item.nextStartMs - item.startMs);
    voices.push({
      item,
      track,
      decoder,
      startFrame,
      endFrame,
      fadeOutFrom: fadeOut < endFrame ? fadeOut : null,
      fadeInFrames: framesOf(ANTI_CLICK_MS),
      heardFrames: 0,
      announced: false,
      overTakeover,
    });
    heard.push(item);
  }

  function startDueVoices(): void {
    while (planned.length > 0 && framesOf(planned[0].startMs - t0) < pos + block + framesOf(PREFETCH_MS)) {
      const item = planned.shift() as PlayItem;
      startVoice(item, Math.max(pos, framesOf(item.startMs - t0)), false);
    }
  }

  function endVoice(v: Voice): void {
    v.decoder.close();
    voices = voices.filter((x) => x !== v);
    if (v.heardFrames > 0) {
      emit({
        type: 'played',
        channelId: program.channelId,
        trackId: v.item.trackId,
        kind: v.item.kind,
        startedAt: msOf(v.startFrame),
        heardMs: Math.round((v.heardFrames * 1000) / rate),
      });
    }
  }

  function djNowPlaying(d: DjState, startedAt: number): RadioNowPlaying {
    return {
      channelId: program.channelId,
      kind: 'dj',
      trackId: null,
      title: d.title ?? `${d.input.djName} (live)`,
      artist: d.input.djName,
      startedAt,
      durationMs: null,
      showId: activeSlot(program.shows, startedAt)?.slot.id ?? null,
      djName: d.input.djName,
    };
  }

  /**
   * The DJ's encoder says what plays (a metadata update): on air, it is now playing from the block
   * being rendered (history, ICY, HLS, the page); still buffering, the set starts with it.
   */
  function retitleDj(d: DjState, text: string): void {
    const title = text.trim() || null;
    // Encoders repeat their update (every few seconds, some): only a change is a new airing.
    if (dj !== d || d.phase === 'draining' || title === d.title) return;
    d.title = title;
    if (d.phase === 'on' && pos >= d.startFrame) announce(djNowPlaying(d, msOf(pos)));
  }

  /** A takeover once the DJ's buffer is full: auto-DJ fades out, DJ from their first audio. */
  function beginTakeover(d: DjState): void {
    const goingLive = program.jingles?.goingLiveTrackId ? catalog.get(program.jingles.goingLiveTrackId) : undefined;
    autoRamp = { from: rampAt(autoRamp, pos), to: 0, startFrame: pos, frames: framesOf(timing.takeoverFadeMs) };
    planned = [];
    // Items prefetched but not yet begun stay unheard: one starting under the fade would be announced
    // after the DJ and take now playing back from them.
    for (const v of voices.filter((x) => x.heardFrames === 0)) endVoice(v);
    let djStart = pos;
    if (goingLive) {
      const item = placeItem(goingLive, 'jingle', msOf(pos), 0, { showId: null, rotationId: null });
      startVoice(item, pos, true);
      djStart = pos + framesOf(item.nextStartMs - item.startMs);
    }
    d.phase = 'on';
    d.startFrame = djStart;
    const resumed = grace?.djId === d.input.djId;
    if (grace?.timer) clearTimeout(grace.timer);
    grace = null;
    at(djStart, () => {
      announce(djNowPlaying(d, msOf(djStart)));
      if (!resumed)
        emit({
          type: 'djOnAir',
          channelId: program.channelId,
          djId: d.input.djId,
          djName: d.input.djName,
          at: msOf(djStart),
        });
      d.resolve();
    });
  }

  /** The DJ's input ended and its last second is near: the auto-DJ comes back under it. */
  function beginHandBack(d: DjState): void {
    d.phase = 'draining';
    autoRamp = { from: 0, to: 1, startFrame: pos, frames: framesOf(timing.takeoverFadeMs) };
    replan(msOf(pos));
    startDueVoices();
  }

  /**
   * A DJ-only channel's DJ at their slot's end: the auto-DJ comes back under them and their own
   * audio fades out, both over the takeover fade ending on the slot's end; their input is cut.
   */
  function endSlot(d: DjState): void {
    const end = d.slotEndFrame as number;
    if (d.phase === 'buffering') {
      // Not on air yet and the slot is over: refused as outside the slot.
      d.decoder.close();
      dj = null;
      d.reject(new RadioTakeoverRefused('outside-slot'));
      emit({ type: 'djCut', channelId: program.channelId, djId: d.input.djId, reason: 'slot-over', at: msOf(pos) });
      return;
    }
    if (d.ramp) return; // under way
    const frames = Math.max(1, end - pos);
    d.ramp = { from: 1, to: 0, startFrame: pos, frames };
    if (d.phase === 'on') {
      d.phase = 'draining';
      autoRamp = { from: rampAt(autoRamp, pos), to: 1, startFrame: pos, frames };
      replan(msOf(pos));
      startDueVoices();
    }
    // Nothing past the slot's end is heard: the ingest may close the DJ's connection now.
    emit({ type: 'djCut', channelId: program.channelId, djId: d.input.djId, reason: 'slot-over', at: msOf(end) });
  }

  function finishDj(d: DjState, endFrame: number, graceSeconds = program.djGraceSeconds): void {
    d.decoder.close();
    dj = null;
    const djId = d.input.djId;
    at(endFrame, () => {
      emit({ type: 'djLeft', channelId: program.channelId, djId, at: msOf(endFrame) });
      const g = { djId, until: msOf(endFrame) + graceSeconds * 1000, timer: null as NodeJS.Timeout | null };
      grace = g;
      const end = () => {
        if (grace !== g) return;
        grace = null;
        emit({ type: 'djEnded', channelId: program.channelId, djId, at: g.until });
      };
      if (graceSeconds === 0) end();
      else if (realTime) {
        g.timer = setTimeout(end, graceSeconds * 1000);
        g.timer.unref();
      } else at(endFrame + framesOf(graceSeconds * 1000), end);
    });
  }

  async function renderBlock(): Promise<Float32Array> {
    const mix = new Float32Array(block * CHANNELS);
    const blockEnd = pos + block;
    // DJ state changes at the block's start.
    if (dj?.phase === 'buffering') {
      // Offline, the input arrives on the virtual clock: its buffer is full once that long has passed.
      const arrived = realTime || pos >= dj.arrivedFrame + framesOf(timing.djBufferMs);
      if (!realTime && arrived) await dj.decoder.want(framesOf(timing.djBufferMs));
      const full = arrived && dj.decoder.frames >= framesOf(timing.djBufferMs);
      if (full || (dj.decoder.ended && dj.decoder.frames > 0)) beginTakeover(dj);
      else if (dj.decoder.ended) {
        dj.reject(new Error('The DJ input ended before any audio'));
        dj = null;
      }
    }
    if (dj?.phase === 'on' && dj.decoder.ended && dj.decoder.frames <= framesOf(timing.takeoverFadeMs))
      beginHandBack(dj);
    if (dj && dj.slotEndFrame !== null && blockEnd + framesOf(timing.takeoverFadeMs) > dj.slotEndFrame) endSlot(dj);
    // The auto-DJ's voices (and a going-live jingle).
    for (const v of [...voices]) {
      const from = Math.max(pos, v.startFrame);
      const to = Math.min(blockEnd, v.endFrame);
      if (to <= from) {
        if (v.endFrame <= pos) endVoice(v);
        continue;
      }
      await v.decoder.want(to - from);
      const ramp = v.overTakeover ? null : autoRamp;
      const got = v.decoder.mixInto(mix, from - pos, to - from, (i) => {
        const f = from + i;
        return itemGainAt(f, v) * (ramp ? rampAt(ramp, f) : 1);
      });
      if (got > 0 && !v.announced) {
        v.announced = true;
        const { item, track } = v;
        at(v.startFrame, () =>
          announce({
            channelId: program.channelId,
            kind: item.kind,
            trackId: item.trackId,
            title: track.title,
            artist: track.artistName,
            // The item's own start (a resumed item keeps it: its airing is the same one).
            startedAt: item.startMs,
            durationMs: item.endMs - item.startMs,
            showId: item.showId,
            djName: null,
          }),
        );
      }
      v.heardFrames += got;
      if (got < to - from) {
        // The file ran out before its cue-out said: the next item moves up, no gap.
        const endedAt = from + got;
        const shift = planned.length > 0 ? framesOf(planned[0].startMs - t0) - endedAt : 0;
        if (shift > 0 && voices.at(-1) === v) for (const p of planned) shiftItem(p, -shift);
        endVoice(v);
      } else if (to >= v.endFrame) endVoice(v);
    }
    // The auto-DJ faded out under a DJ: its voices stop.
    if (dj?.phase === 'on' && rampAt(autoRamp, pos) === 0) {
      for (const v of voices.filter((x) => !x.overTakeover)) endVoice(v);
    }
    // The DJ, from their first audio on.
    if (dj && dj.phase !== 'buffering' && blockEnd > dj.startFrame) {
      const d = dj;
      const from = Math.max(pos, d.startFrame);
      // Offline, the DJ's file is decoded as needed; live, what has not arrived is their own gap.
      if (!realTime) await d.decoder.want(blockEnd - from);
      const to = Math.min(blockEnd, d.slotEndFrame ?? blockEnd);
      const got = d.decoder.mixInto(mix, from - pos, to - from, (i) => (d.ramp ? rampAt(d.ramp, from + i) : 1));
      if (d.slotEndFrame !== null && to >= d.slotEndFrame) finishDj(d, d.slotEndFrame, 0);
      else if (d.phase === 'draining' && d.decoder.ended && got < blockEnd - from) finishDj(d, from + got);
    }
    return mix;
  }

  function shiftItem(p: PlayItem, frames: number): void {
    const d = (frames * 1000) / rate;
    p.startMs += d;
    p.endMs += d;
    p.nextStartMs += d;
  }

  function fireDue(): void {
    const now = realTime ? wallFrame() : pos;
    due.sort((a, b) => a.frame - b.frame);
    while (due.length > 0 && due[0].frame <= now) (due.shift() as { fire: () => void }).fire();
  }

  async function run(): Promise<void> {
    catalog = await loadCatalog(program);
    if (opts.startAt === undefined) t0 = Date.now();
    for (const item of opts.resume ?? []) {
      if (item.kind === 'dj-slot') continue;
      if (item.endMs <= t0) heard.push(item);
      else planned.push({ ...item });
    }
    wallStart = performance.now();
    const ahead = framesOf(timing.renderAheadMs);
    const until = opts.renderUntil === undefined ? null : framesOf(opts.renderUntil - t0);
    const refillTo = ahead + framesOf(REALTIME_BATCH_MS);
    /** Real time: rendering a batch (from when the lead fell to `ahead` until it reaches `refillTo`). */
    let filling = false;
    let blocks = 0;
    while (!stopped) {
      if (stopAt !== null && pos >= stopAt) break;
      if (until !== null && pos >= until) break;
      // Offline, nothing else waits: let I/O in now and then.
      if (!realTime && ++blocks % 50 === 0) await new Promise((r) => setImmediate(r));
      if (realTime && !filling) {
        const lead = pos - wallFrame();
        if (lead > ahead && !djBufferFull()) {
          fireDue();
          await new Promise((r) => setTimeout(r, sleepMs(lead - ahead)));
          continue;
        }
        filling = true;
      }
      ensurePlanned();
      startDueVoices();
      const mix = await renderBlock();
      if (voices.length === 0 && !dj && planned.length === 0 && !current) {
        // Nothing playable: say so once, keep the stream alive with silence.
        announce({
          channelId: program.channelId,
          kind: 'silence',
          trackId: null,
          title: 'Off air',
          artist: null,
          startedAt: msOf(pos),
          durationMs: null,
          showId: null,
          djName: null,
        });
      }
      pos += block;
      fireDue();
      batch.push(mix);
      if (realTime && pos - wallFrame() >= refillTo) {
        // The batch is rendered: one write, then the loop sleeps until the lead is down to `ahead`.
        filling = false;
        await flushBatch();
      } else if (batch.length >= OFFLINE_BATCH) await flushBatch();
    }
  }

  const wallFrame = () => framesOf(performance.now() - wallStart);

  /** A DJ's input has its buffer full (or ended): the takeover is rendered now, not at the next batch. */
  const djBufferFull = () =>
    dj?.phase === 'buffering' && (dj.decoder.frames >= framesOf(timing.djBufferMs) || dj.decoder.ended);

  /**
   * How long the loop sleeps: until the lead is down to `ahead`, or the next timed event (now
   * playing when listeners reach it), or 20 ms while a DJ's input buffers (their takeover is prompt).
   */
  function sleepMs(excessFrames: number): number {
    let frames = excessFrames;
    for (const d of due) frames = Math.min(frames, d.frame - wallFrame());
    if (dj?.phase === 'buffering') frames = Math.min(frames, block);
    return Math.max(1, (frames * 1000) / rate);
  }

  async function flushBatch(): Promise<void> {
    if (batch.length === 0) return;
    const all = new Float32Array(batch.reduce((n, b) => n + b.length, 0));
    let o = 0;
    for (const b of batch) {
      all.set(b, o);
      o += b.length;
    }
    batch.length = 0;
    await encoder.write(all);
  }

  async function finish(): Promise<void> {
    stopped = true;
    for (const v of [...voices]) endVoice(v);
    dj?.decoder.close();
    dj?.reject(new RadioTakeoverRefused('stopped'));
    if (grace?.timer) clearTimeout(grace.timer);
    await flushBatch();
    await encoder.end();
    opts.output.end();
  }

  const finished = run()
    .catch((e) => {
      log('radio: the channel renderer failed', e);
      emit({ type: 'error', channelId: program.channelId, message: e instanceof Error ? e.message : String(e) });
    })
    .then(finish);

  return {
    channelId: initial.channelId,
    updateProgram(next) {
      program = next;
      if (dj && !dj.ramp) {
        // A changed schedule moves (or ends) a DJ-only channel's DJ slot.
        const slotEnd = next.djOnlyInSlots ? djSlotEnd(next.shows, dj.input.djId, msOf(pos)) : null;
        dj.slotEndFrame = next.djOnlyInSlots ? framesOf((slotEnd ?? msOf(pos)) - t0) : null;
      }
      void loadCatalog(next)
        .then((c) => {
          catalog = c;
          const lastStarted = voices.filter((v) => !v.overTakeover).at(-1)?.item;
          if (!dj) replan(lastStarted ? lastStarted.nextStartMs : msOf(pos));
        })
        .catch((e) => log('radio: the new program could not be loaded', e));
    },
    takeover(input) {
      const refuse = (reason: RadioTakeoverRefused['reason']): DjSession => {
        input.source.destroy();
        const onAir = Promise.reject(new RadioTakeoverRefused(reason));
        onAir.catch(() => {});
        return { onAir, leave: () => {}, setTitle: () => {} };
      };
      if (stopped) return refuse('stopped');
      if (dj) return refuse('dj-on-air');
      let slotEndFrame: number | null = null;
      if (program.djOnlyInSlots) {
        const slotEnd = djSlotEnd(program.shows, input.djId, realTime ? Date.now() : msOf(pos));
        if (slotEnd === null) return refuse('outside-slot');
        slotEndFrame = framesOf(slotEnd - t0);
      }
      let resolve!: () => void;
      let reject!: (e: Error) => void;
      const onAir = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      onAir.catch(() => {});
      // The DJ brought to the channel's loudness as tracks are (their own processing varies).
      const levelLufs = opts.levelDj === false ? undefined : RADIO_DEFAULTS.targetLufs;
      const decoder = new PcmDecoder({ kind: 'stream', source: input.source, format: input.format, levelLufs }, rate, {
        ffmpegPath: opts.ffmpegPath,
        // A live input arrives in real time; offline, a file is read ahead (bounded).
        maxBufferMs: 60_000,
      });
      const state: DjState = {
        input,
        decoder,
        phase: 'buffering',
        arrivedFrame: pos,
        startFrame: Number.POSITIVE_INFINITY,
        slotEndFrame,
        ramp: null,
        title: null,
        resolve,
        reject,
      };
      dj = state;
      return { onAir, leave: () => void input.source.destroy(), setTitle: (text) => retitleDj(state, text) };
    },
    nowPlaying: () => current,
    resumePoint: () => [...heard.slice(-RESUME_HISTORY), ...planned].map((i) => ({ ...i })),
    renderedUntil: () => msOf(pos),
    history: () => [...historyList],
    on(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    finished,
    async stop() {
      if (stopAt === null && !stopped) {
        // The closing fade renders, then the loop ends.
        autoRamp = { from: rampAt(autoRamp, pos), to: 0, startFrame: pos, frames: framesOf(STOP_FADE_MS) };
        stopAt = pos + framesOf(STOP_FADE_MS);
        if (dj) dj.phase = 'draining';
      }
      await finished;
    },
  };
}
