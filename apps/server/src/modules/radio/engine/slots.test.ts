import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../../test/time';
import { findFfmpeg } from '../../../media/ffmpeg';
import { parseEbur128Summary } from '../../../media/loudness';
import { startRadioChannel } from './channel';
import { bandLimit, generateAudio, generatedTrack, memoryLibrary, memoryOutput, toneAmplitude } from './testing';
import { type RadioEvent, type RadioProgram, RadioTakeoverRefused, type RadioTrack } from './types';

/**
 * Show slots on time (ADR 0069), on the engine's virtual clock (an offline render, 8 kHz): a
 * playlist slot cuts into the item playing at its start, and a DJ-only channel's DJ is faded out
 * into their slot's end while the auto-DJ fades back in. Each source is a tone of its own, so the
 * decoded output tells who is heard when.
 */
const run = promisify(execFile);
const RATE = 8000;
const FRAME = RATE / 10; // 100 ms
const ROTATION_HZ = 440;
const SHOW_HZ = 1000;
const DJ_HZ = 1500;
// A Sunday, 00:00 UTC.
const SUNDAY = Date.UTC(2026, 10, 29, 0, 0, 0);

let dir: string;
let tracks: RadioTrack[];
let djFile: string;
let quietDjFile: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'radio-slots-'));
  tracks = await Promise.all([
    generatedTrack(dir, 'rot', { seconds: 75, tone: ROTATION_HZ, amp: 0.2, artistId: 'a' }),
    generatedTrack(dir, 'show', { seconds: 30, tone: SHOW_HZ, amp: 0.2, artistId: 'b' }),
    generatedTrack(dir, 'short', { seconds: 3, tone: SHOW_HZ, amp: 0.2, artistId: 'c' }),
  ]);
  djFile = await generateAudio(
    path.join(dir, 'dj.ogg'),
    `sine=f=${DJ_HZ}:d=75:sample_rate=48000,volume=0.5,aformat=channel_layouts=stereo`,
    { codec: 'ogg' },
  );
  // A quiet DJ (about -47 LUFS as sent): talk-like noise their own processing left far too low.
  quietDjFile = await generateAudio(
    path.join(dir, 'quiet-dj.ogg'),
    `anoisesrc=d=40:c=pink:a=0.3:r=48000,${bandLimit(3000)},volume=-18dB,aformat=channel_layouts=stereo`,
    { codec: 'ogg' },
  );
}, scaled(60_000));

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const base: RadioProgram = {
  channelId: 'c',
  rotations: [{ id: 'r', weight: 1, trackIds: ['rot'] }],
  noArtistRepeat: 0,
  noTrackRepeatHours: 0,
  shows: [],
  jingles: null,
  djGraceSeconds: 8,
  djOnlyInSlots: false,
};

async function render(
  program: RadioProgram,
  from: number,
  until: number,
  withChannel?: (h: ReturnType<typeof startRadioChannel>) => void,
  extra: { levelDj?: boolean } = {},
) {
  const output = memoryOutput();
  const handle = startRadioChannel(program, {
    library: memoryLibrary(tracks),
    output,
    seed: 'slots',
    startAt: from,
    renderUntil: until,
    sampleRate: RATE,
    bitrate: 24_000,
    realTime: false,
    ...extra,
  });
  const events: RadioEvent[] = [];
  handle.on((e) => events.push(e));
  withChannel?.(handle);
  await handle.finished;
  const file = path.join(dir, `out-${from}-${extra.levelDj ?? true}.webm`);
  writeFileSync(file, Buffer.concat(output.chunks));
  const pcm = await run(
    findFfmpeg(),
    ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    },
  ).then((r) => {
    const b = new Uint8Array(r.stdout);
    return new Float32Array(b.buffer, b.byteOffset, Math.floor(b.length / 4));
  });
  const silence = (
    await run(findFfmpeg(), [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      file,
      '-af',
      'silencedetect=noise=-50dB:d=0.1',
      '-f',
      'null',
      '-',
    ])
  ).stderr;
  /** The tone's amplitude in the 100 ms frame starting `ms` after `from`. */
  const tone = (hz: number, ms: number) => toneAmplitude(pcm, Math.round((ms / 1000) * RATE), FRAME, hz, RATE);
  /** Its median over [fromMs, toMs). */
  const level = (hz: number, fromMs: number, toMs: number) => {
    const xs: number[] = [];
    for (let ms = fromMs; ms < toMs; ms += 100) xs.push(tone(hz, ms));
    return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  };
  /** Integrated loudness of [fromMs, toMs) of the output. */
  const lufs = async (fromMs: number, toMs: number) =>
    parseEbur128Summary(
      (
        await run(findFfmpeg(), [
          ...[
            '-hide_banner',
            '-nostdin',
            '-nostats',
            '-ss',
            String(fromMs / 1000),
            '-t',
            String((toMs - fromMs) / 1000),
          ],
          ...['-i', file, '-af', 'ebur128', '-f', 'null', '-'],
        ])
      ).stderr,
    ).integratedLufs;
  return { events, tone, level, lufs, silences: silence.match(/silence_start: [\d.]+/g) ?? [] };
}

describe('the engine on its virtual clock: show slots on time, the DJ faded at a slot end and levelled', () => {
  it(
    'a playlist slot starts at its minute: the rotation item playing is cut there and crossfades out',
    async () => {
      const showAt = 60_000; // 00:01, 15 s before the rotation's 75 s item would end
      const program: RadioProgram = {
        ...base,
        shows: [
          { id: 'show', title: 'S', day: 0, startMinute: 1, durationMinutes: 5, kind: 'playlist', trackIds: ['show'] },
        ],
      };
      const { events, tone, level, silences } = await render(program, SUNDAY, SUNDAY + 80_000);

      const nowPlaying = events.flatMap((e) => (e.type === 'nowPlaying' ? [e.nowPlaying] : []));
      expect(nowPlaying.map((n) => [n.trackId, n.startedAt - SUNDAY])).toEqual([
        ['rot', 0],
        ['show', showAt],
      ]);
      const cutItem = events.find((e) => e.type === 'played' && e.trackId === 'rot');
      // Heard until the cut plus the 3 s crossfade.
      expect(cutItem).toMatchObject({ startedAt: SUNDAY });
      expect((cutItem as { heardMs: number }).heardMs).toBeGreaterThanOrEqual(62_900);
      expect((cutItem as { heardMs: number }).heardMs).toBeLessThanOrEqual(63_100);

      const rotation = level(ROTATION_HZ, 10_000, 50_000);
      const show = level(SHOW_HZ, 65_000, 79_000);
      expect(rotation).toBeGreaterThan(0.05);
      expect(show).toBeGreaterThan(0.05);
      // Before the minute: only the rotation. From it: the show at full level at once.
      for (let ms = 50_000; ms < showAt - 100; ms += 100) expect(tone(SHOW_HZ, ms)).toBeLessThan(show * 0.05);
      for (let ms = showAt + 100; ms < showAt + 5000; ms += 100) expect(tone(SHOW_HZ, ms)).toBeGreaterThan(show * 0.7);
      // The rotation fades out over the crossfade, then is gone (15 s before its own end).
      expect(tone(ROTATION_HZ, showAt - 200)).toBeGreaterThan(rotation * 0.8);
      expect(tone(ROTATION_HZ, showAt + 1000)).toBeLessThan(rotation * 0.8);
      expect(tone(ROTATION_HZ, showAt + 1000)).toBeGreaterThan(rotation * 0.5);
      expect(tone(ROTATION_HZ, showAt + 2500)).toBeLessThan(rotation * 0.3);
      for (let ms = showAt + 3100; ms < 79_000; ms += 100) expect(tone(ROTATION_HZ, ms)).toBeLessThan(rotation * 0.05);
      expect(silences).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    'a DJ who takes over just before a track boundary stays now playing: the next item does not start under the fade',
    async () => {
      // 3 s items: at one of these starts the boundary falls inside the auto-DJ's 1 s fade-out.
      const program: RadioProgram = { ...base, rotations: [{ id: 'r', weight: 1, trackIds: ['short'] }] };
      for (const offsetMs of [0, 500, 1000, 1500, 2000, 2500]) {
        const from = SUNDAY + offsetMs;
        const { events } = await render(program, from, from + 8000, (handle) => {
          void handle.takeover({ source: createReadStream(djFile), format: 'ogg-opus', djName: 'DJ', djId: 'dj-1' });
        });
        const kinds = events.flatMap((e) => (e.type === 'nowPlaying' ? [e.nowPlaying.kind] : []));
        const onAir = kinds.indexOf('dj');
        expect(onAir, `start +${offsetMs} ms`).toBeGreaterThan(0);
        expect(kinds.slice(onAir), `start +${offsetMs} ms`).toEqual(['dj']);
      }
    },
    scaled(120_000),
  );

  it(
    'a DJ-only channel fades its DJ out into the slot’s end, the auto-DJ fades back in, the DJ is cut and refused after',
    async () => {
      // The DJ slot is 00:03–00:04; the render starts at 00:03 and the DJ connects at once (their input lasts 75 s).
      const from = SUNDAY + 3 * 60_000;
      const slotEndMs = 60_000; // after `from`
      const program: RadioProgram = {
        ...base,
        djOnlyInSlots: true,
        shows: [{ id: 'live', title: 'Live', day: 0, startMinute: 3, durationMinutes: 1, kind: 'dj', djIds: [] }],
      };
      let afterSlot: Promise<unknown> | null = null;
      const { events, tone, level, silences } = await render(program, from, from + 75_000, (handle) => {
        handle.takeover({ source: createReadStream(djFile), format: 'ogg-opus', djName: 'DJ', djId: 'dj-1' });
        handle.on((e) => {
          if (e.type === 'djEnded')
            afterSlot = handle.takeover({
              source: createReadStream(djFile),
              format: 'ogg-opus',
              djName: 'DJ',
              djId: 'dj-1',
            }).onAir;
        });
      });

      const at = (type: RadioEvent['type']) => (events.find((e) => e.type === type) as { at: number } | undefined)?.at;
      expect((at('djOnAir') as number) - from).toBeGreaterThanOrEqual(2000);
      expect((at('djOnAir') as number) - from).toBeLessThan(2500);
      expect(at('djCut')).toBe(from + slotEndMs);
      expect(at('djLeft')).toBe(from + slotEndMs);
      expect(at('djEnded')).toBe(from + slotEndMs);
      await expect(afterSlot).rejects.toThrow(RadioTakeoverRefused);
      await expect(afterSlot).rejects.toMatchObject({ reason: 'outside-slot' });

      const dj = level(DJ_HZ, 10_000, 55_000);
      const rotation = level(ROTATION_HZ, 62_000, 74_000);
      expect(dj).toBeGreaterThan(0.05);
      expect(rotation).toBeGreaterThan(0.05);
      // During the set: the DJ alone.
      for (let ms = 5000; ms < slotEndMs - 1100; ms += 100) {
        expect(tone(DJ_HZ, ms)).toBeGreaterThan(dj * 0.8);
        expect(tone(ROTATION_HZ, ms)).toBeLessThan(rotation * 0.05);
      }
      // The last second: the DJ fades out as the auto-DJ fades in.
      const mid = slotEndMs - 550;
      expect(tone(DJ_HZ, mid)).toBeGreaterThan(dj * 0.3);
      expect(tone(DJ_HZ, mid)).toBeLessThan(dj * 0.7);
      expect(tone(ROTATION_HZ, mid)).toBeGreaterThan(rotation * 0.3);
      expect(tone(ROTATION_HZ, mid)).toBeLessThan(rotation * 0.7);
      expect(tone(DJ_HZ, slotEndMs - 200)).toBeLessThan(dj * 0.3);
      // After the slot's end: nothing of the DJ, the rotation at full level.
      for (let ms = slotEndMs + 100; ms < 74_000; ms += 100) {
        expect(tone(DJ_HZ, ms)).toBeLessThan(dj * 0.03);
        expect(tone(ROTATION_HZ, ms)).toBeGreaterThan(rotation * 0.8);
      }
      expect(silences).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    'a quiet DJ is brought to the channel’s loudness (-16 LUFS ±1 LU), as tracks are',
    async () => {
      const takeover = (handle: ReturnType<typeof startRadioChannel>) =>
        void handle.takeover({ source: createReadStream(quietDjFile), format: 'ogg-opus', djName: 'DJ', djId: 'd' });
      const levelled = await render(base, SUNDAY, SUNDAY + 36_000, takeover);
      const raw = await render(base, SUNDAY, SUNDAY + 36_000, takeover, { levelDj: false });
      const onAir = (r: typeof raw) =>
        ((r.events.find((e) => e.type === 'djOnAir') as { at: number }).at - SUNDAY) as number;
      // The set from 5 s after the DJ is on (the leveller's first seconds settle) to 30 s.
      const heard = await levelled.lufs(onAir(levelled) + 5000, 30_000);
      const asSent = await raw.lufs(onAir(raw) + 5000, 30_000);
      console.log(`DJ levelled: ${heard} LUFS (as sent: ${asSent} LUFS)`);
      expect(asSent).toBeLessThan(-24);
      expect(heard).toBeGreaterThanOrEqual(-17);
      expect(heard).toBeLessThanOrEqual(-15);
      expect(levelled.silences).toEqual([]);
    },
    scaled(120_000),
  );
});
