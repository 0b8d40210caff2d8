import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../../test/time';
import { findFfmpeg } from '../../../media/ffmpeg';
import { MemoryBus } from '../../../realtime/bus';
import { LiveHub } from '../../../relay/hub';
import type { Sink } from '../../../relay/session';
import { startRadioChannel } from './channel';
import { hubOutput } from './hub-output';
import { generatedTrack, memoryLibrary, toneShare } from './testing';
import type { RadioEvent, RadioTrack } from './types';

/**
 * The engine in real time into the relay hub, as listeners hear it: a DJ's live Ogg/Opus (ffmpeg
 * at its own pace, `-re`) takes over and leaves; the listener's endless WebM has no gap over
 * 100 ms, holds the DJ's first second (a marker tone) and the titles reach the bus.
 */
const run = promisify(execFile);
const RATE = 24_000;
const MARKER_HZ = 2500;
const POLL = { timeout: scaled(20_000), interval: 50 };

class BodySink implements Sink {
  readonly chunks: Buffer[] = [];
  write(buf: Buffer) {
    this.chunks.push(buf);
  }
  buffered() {
    return 0;
  }
  close() {}
}

let dir: string;
let tracks: RadioTrack[];
const bus = new MemoryBus();
const busTitles = {
  setNowPlaying: async (streamId: string, text: string) => {
    await bus.publish(`live:${streamId}`, 'live.nowPlaying', { streamId, nowPlaying: text || null });
    return true;
  },
};
const hub = new LiveHub(
  {
    dataDir: tmpdir(),
    graceMs: 10_000,
    maxListenerBuffer: 1 << 22,
    ingestBytesPerSecond: 1 << 20,
    ingestBurstBytes: 1 << 22,
  },
  bus,
  { audio: async () => {}, graceExpired: () => {}, viewers: () => {}, log: () => {} },
);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'radio-hub-'));
  tracks = await Promise.all(
    [-6, 2, -3].map((volumeDb, i) => generatedTrack(dir, `t${i}`, { seconds: 7 + i, volumeDb, artistId: `a${i}` })),
  );
}, scaled(60_000));

afterAll(async () => {
  await hub.close();
  await bus.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a radio channel through the relay hub, in real time', () => {
  it(
    'plays continuously across a DJ takeover and hand-back; titles go out as live.nowPlaying',
    async () => {
      const streamId = 'radio-hub-test';
      const titles: string[] = [];
      bus.subscribe((m) => {
        if (m.event === 'live.nowPlaying') titles.push(String((m.data as { nowPlaying: string | null }).nowPlaying));
      });
      const events: RadioEvent[] = [];
      const handle = startRadioChannel(
        {
          channelId: 'c1',
          rotations: [{ id: 'r', weight: 1, trackIds: tracks.map((t) => t.id) }],
          noArtistRepeat: 1,
          noTrackRepeatHours: 0,
          shows: [],
          jingles: null,
          djGraceSeconds: 2,
          djOnlyInSlots: false,
        },
        {
          library: memoryLibrary(tracks),
          // No stream row here: the titles go straight to the bus, as LiveStreams.setNowPlaying does after its write.
          output: hubOutput(hub, busTitles, { id: streamId, title: 'Radio', description: null }),
          seed: 's',
          sampleRate: RATE,
          bitrate: 48_000,
        },
      );
      handle.on((e) => events.push(e));
      await expect.poll(() => hub.get(streamId)?.isLive ?? false, POLL).toBe(true);
      const listener = new BodySink();
      hub.addListener(streamId, listener);
      await expect.poll(() => titles.length, POLL).toBeGreaterThan(0);
      expect(titles[0]).toMatch(/^Artist a\d - Title t\d$/);

      // The DJ: 1 s of marker tone then 4 s of noise, sent at real time like an encoder.
      const dj = spawn(
        findFfmpeg(),
        [
          ...['-hide_banner', '-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i'],
          `sine=f=${MARKER_HZ}:d=1:sample_rate=48000,volume=2[m];anoisesrc=d=4:c=pink:a=0.3:r=48000[n];[m][n]concat=n=2:v=0:a=1`,
          ...['-c:a', 'libopus', '-b:a', '64k', '-page_duration', '200000', '-f', 'ogg', 'pipe:1'],
        ],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const session = handle.takeover({ source: dj.stdout, format: 'ogg-opus', djName: 'DJ Live', djId: 'dj-1' });
      await session.onAir;
      expect(handle.nowPlaying()?.kind).toBe('dj');
      await expect.poll(() => events.some((e) => e.type === 'djLeft'), POLL).toBe(true);
      const left = events.find((e) => e.type === 'djLeft') as Extract<RadioEvent, { type: 'djLeft' }>;
      await expect
        .poll(
          () =>
            events.some(
              (e) => e.type === 'nowPlaying' && e.nowPlaying.kind === 'track' && e.nowPlaying.startedAt >= left.at,
            ),
          POLL,
        )
        .toBe(true);
      await expect.poll(() => events.some((e) => e.type === 'djEnded'), POLL).toBe(true);
      await handle.stop();
      expect(titles).toContain('DJ Live - DJ Live (live)');

      const file = path.join(dir, 'heard.webm');
      writeFileSync(file, Buffer.concat(listener.chunks));
      const { stderr } = await run(findFfmpeg(), [
        '-hide_banner',
        '-nostats',
        '-i',
        file,
        '-af',
        'silencedetect=noise=-50dB:d=0.1',
        '-f',
        'null',
        '-',
      ]);
      // The closing fade at stop() is the only silence allowed: at the very end.
      const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
      const { stdout } = await run(
        findFfmpeg(),
        ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1'],
        {
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const bytes = new Uint8Array(stdout);
      const pcm = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
      const seconds = pcm.length / RATE;
      expect(starts.filter((s) => s < seconds - 1)).toEqual([]);
      const frame = RATE / 10;
      let marked = 0;
      for (let f = 0; (f + 1) * frame <= pcm.length; f++)
        if (toneShare(pcm, f * frame, frame, MARKER_HZ, RATE) > 0.3) marked++;
      expect(marked).toBeGreaterThanOrEqual(9);
    },
    scaled(90_000),
  );
});
