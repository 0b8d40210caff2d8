import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ffmpegFile } from './media';
import { expect } from './test';

/** Beeps of 1 kHz, 80 ms long, every 2 s, for `seconds` (a room plays this; its pages listen for it). */
export const beepTrack = (seconds: number) =>
  ffmpegFile(`room-beeps-${seconds}s.mp3`, [
    ...['-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=44100:duration=${seconds}`],
    ...['-af', "volume='if(lt(mod(t,2),0.08),0.9,0)':eval=frame"],
    ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '96k'],
  ]);

/** Uploads `seconds` of beeps as the signed-in creator and waits until the track is ready. */
export async function uploadBeeps(request: APIRequestContext, title: string, seconds: number): Promise<string> {
  const upload = await request.post('/api/tracks', {
    multipart: {
      title,
      category: 'Music',
      audio: { name: 'beeps.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(beepTrack(seconds)) },
    },
  });
  expect(upload.status()).toBe(201);
  const body = await upload.json();
  const id = (body.track ?? body).id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/tracks/${id}`)).json()).track.status, {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe('ready');
  return id;
}

/**
 * When each beep was heard, as wall-clock ms: the room's <audio> goes through a ScriptProcessor
 * (a large buffer: a busy main thread still gets every sample); a loud block's context time is
 * mapped to the page's performance clock by `getOutputTimestamp()`, then to the epoch by
 * `performance.timeOrigin`. Two pages of one machine share that clock, so their onsets compare.
 */
export async function listenForBeeps(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="room-audio"]');
    if (!audio) throw new Error('no room audio element');
    const ctx = new AudioContext({ sampleRate: 48_000 });
    await ctx.resume();
    const onsets: number[] = [];
    (window as unknown as { __onsets: number[] }).__onsets = onsets;
    const BLOCK = 64;
    let on = false;
    let quiet = 0;
    const node = ctx.createScriptProcessor(16_384, 1, 1);
    node.onaudioprocess = (e) => {
      const data = e.inputBuffer.getChannelData(0);
      const ts = ctx.getOutputTimestamp();
      // The input's first sample was rendered two buffers before the output's playback time.
      const firstAt = e.playbackTime - (2 * data.length) / ctx.sampleRate;
      for (let b = 0; b + BLOCK <= data.length; b += BLOCK) {
        let peak = 0;
        for (let i = b; i < b + BLOCK; i++) peak = Math.max(peak, Math.abs(data[i]));
        if (peak > 0.03) {
          if (!on) {
            let i = b;
            while (i < b + BLOCK && Math.abs(data[i]) <= 0.03) i++;
            const at = firstAt + i / ctx.sampleRate;
            const perf = (ts.performanceTime ?? 0) + (at - (ts.contextTime ?? 0)) * 1000;
            onsets.push(performance.timeOrigin + perf);
          }
          on = true;
          quiet = 0;
        } else if (on && ++quiet >= 40) {
          on = false;
          quiet = 0;
        }
      }
    };
    ctx.createMediaElementSource(audio).connect(node);
    node.connect(ctx.destination);
  });
}

export const onsetsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __onsets: number[] }).__onsets.slice());
