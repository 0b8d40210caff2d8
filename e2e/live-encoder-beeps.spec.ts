import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Issue 34 (ADR 0042): ffmpeg (default Ogg page size: a second of audio per page) streams a beep a
// second through the Icecast port; Chromium's live page must play them all, each once. Beep k
// sounds at BASE_HZ·RATIO^k, so the page knows which beep it heard: a skip loses some, a replay
// hears one twice.
const BEEPS = 30;
const BASE_HZ = 400;
/** 10 % apart: a beep is still told from its neighbours with the player 3 % off speed. */
const RATIO = 1.1;
const BEEP_SECONDS = 0.12;

function beepEncoder(ingestUrl: string, key: string): { child: ChildProcess; exited: Promise<number | null> } {
  const url = new URL(ingestUrl.replace(/^icecast:/, 'http:'));
  const expr = `0.5*sin(2*PI*${BASE_HZ}*pow(${RATIO},floor(t))*t)*lt(mod(t,1),${BEEP_SECONDS})`;
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `aevalsrc='${expr}':s=48000:d=${BEEPS}`],
    // The README's command: default Ogg pages.
    ...['-ac', '2', '-c:a', 'libopus', '-b:a', '96k', '-content_type', 'audio/ogg', '-f', 'ogg'],
    `icecast://source:${key}@${url.hostname}:${url.port}${url.pathname}`,
  ]);
  child.stderr?.resume();
  return { child, exited: new Promise((r) => child.on('close', (code) => r(code))) };
}

/**
 * A beep detector on the audio thread (an AudioWorklet on the live <audio>): a loud stretch is a
 * beep, its frequency is counted from its zero crossings, and each beep heard is posted to the page.
 */
const DETECTOR = `
class BeepDetector extends AudioWorkletProcessor {
  constructor() { super(); this.reset(); }
  reset() { this.on = false; this.quiet = 0; this.cross = 0; this.n = 0; this.prev = 0; }
  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    if (!ch) return true;
    let sum = 0;
    for (const v of ch) sum += v * v;
    const rms = Math.sqrt(sum / ch.length);
    if (rms > 0.05) {
      if (!this.on) this.prev = ch[0];
      this.on = true;
      this.quiet = 0;
      for (const v of ch) {
        if ((v >= 0) !== (this.prev >= 0)) this.cross++;
        this.prev = v;
        this.n++;
      }
    } else if (this.on && ++this.quiet >= 8) {
      const seconds = this.n / sampleRate;
      if (seconds > 0.03) this.port.postMessage({ hz: this.cross / 2 / seconds, seconds, at: currentTime });
      this.reset();
    }
    return true;
  }
}
registerProcessor('beep-detector', BeepDetector);
`;

/** The detector's module, served on the page's own origin (the CSP allows scripts from 'self' only). */
const DETECTOR_PATH = '/__e2e/beep-detector.js';

async function listenForBeeps(page: Page): Promise<void> {
  await page.evaluate(async (modulePath) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"]');
    if (!audio) throw new Error('no live audio element');
    const ctx = new AudioContext({ sampleRate: 48_000 });
    await ctx.resume();
    await ctx.audioWorklet.addModule(modulePath);
    const detector = new AudioWorkletNode(ctx, 'beep-detector');
    const w = window as unknown as { __beeps: { hz: number; seconds: number; at: number }[] };
    w.__beeps = [];
    detector.port.onmessage = (e) => w.__beeps.push(e.data);
    ctx.createMediaElementSource(audio).connect(detector);
    detector.connect(ctx.destination);
  }, DETECTOR_PATH);
}

const beepIndex = (hz: number) => Math.round(Math.log(hz / BASE_HZ) / Math.log(RATIO));

test('an encoder with default Ogg pages plays in the live page: at least 95 % of the beeps heard, none twice', async ({
  browser,
  page: listener,
}) => {
  test.setTimeout(180_000);
  const creatorCtx = await browser.newContext();
  const up = await creatorCtx.request.post('/api/auth/sign-up/email', {
    data: {
      email: `beeps-${Date.now()}@example.test`,
      password: 'beeps-dj-secret',
      name: 'Beep DJ',
      accountType: 'creator',
    },
  });
  expect(up.ok()).toBe(true);
  const made = await creatorCtx.request.post('/api/live/keys', { data: { name: 'Beep encoder' } });
  expect(made.status()).toBe(201);
  const { secret } = await made.json();
  const { ingestUrl } = await (await creatorCtx.request.get('/api/live/keys')).json();

  const source = beepEncoder(ingestUrl, secret);
  try {
    let streamId = '';
    await expect
      .poll(
        async () => {
          const mine = await (await creatorCtx.request.get('/api/live/mine')).json();
          streamId = mine.stream?.status === 'live' ? mine.stream.id : '';
          return streamId;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    await listener.route(`**${DETECTOR_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: DETECTOR }),
    );
    await listener.goto(`/live/${streamId}`);
    await expect(listener.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: 15_000 });
    await listenForBeeps(listener);

    expect(await source.exited).toBe(0);
    // The last beeps are heard (or the page says the stream ended).
    const heardNow = () =>
      listener.evaluate(() => (window as unknown as { __beeps: { hz: number }[] }).__beeps.map((b) => b.hz));
    await expect
      .poll(async () => (await heardNow()).map(beepIndex).includes(BEEPS - 1), { timeout: 20_000 })
      .toBe(true);

    const heard = (await heardNow()).map(beepIndex);
    console.log(`beeps heard (by index): ${heard.join(' ')}`);
    const first = heard[0];
    const expected = BEEPS - first;
    // The listener joined a few seconds in: most of the track is judged.
    expect(expected).toBeGreaterThanOrEqual(15);
    // None twice, in order (a replay would hear an earlier beep again).
    expect(new Set(heard).size).toBe(heard.length);
    for (let i = 1; i < heard.length; i++) expect(heard[i]).toBeGreaterThan(heard[i - 1]);
    expect(heard.every((k) => k >= 0 && k < BEEPS)).toBe(true);
    expect(heard.length / expected).toBeGreaterThanOrEqual(0.95);
  } finally {
    source.child.kill('SIGKILL');
  }
});
