// What the latency benchmarks share: Chromium's flags, the in-page onset detector, our live page
// as a listener (MSE or LL-HLS) and the matching of heard onsets to the source's.
import type { Browser, Page } from 'playwright-core';

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
];

/** In-page: watch an audio node and record Date.now() at each beep onset (RMS crossing up). */
export const ONSET_DETECTOR = `
window.__onsets = [];
window.__watch = (ctx, node) => {
  const an = ctx.createAnalyser();
  an.fftSize = 256;
  node.connect(an);
  const buf = new Float32Array(an.fftSize);
  let on = false;
  setInterval(() => {
    an.getFloatTimeDomainData(buf);
    let s = 0;
    for (const v of buf) s += v * v;
    const rms = Math.sqrt(s / buf.length);
    if (!on && rms > 0.05) { on = true; window.__onsets.push(Date.now()); }
    else if (on && rms < 0.01) on = false;
  }, 2);
};`;

/** Our path: the real live page (its LivePlayer, MSE at the live edge) on our relay. */
export async function ourListener(browser: Browser, base: string, streamId: string, hls = false): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // A shared machine at load 40+ took more than Playwright's 30 s to load the page.
  page.setDefaultTimeout(120_000);
  if (hls) {
    // A browser without MSE WebM/Opus and without native HLS: the page falls back to hls.js.
    await page.addInitScript(() => {
      const original = MediaSource.isTypeSupported.bind(MediaSource);
      MediaSource.isTypeSupported = (type: string) => !/webm/i.test(type) && original(type);
      const canPlay = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : canPlay.call(this, type);
      };
    });
  }
  // With ICECAST_URL set the page would play Icecast; point it at our own relay instead.
  await page.route(`**/api/live/${streamId}`, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    await route.fulfill({ response: res, json: { ...json, streamUrl: `/api/live/${streamId}/stream` } });
  });
  await page.goto(`${base}/live/${streamId}`);
  await page.getByTestId('live-player-state').filter({ hasText: 'Listening live' }).waitFor();
  const engine = await page.getByTestId('live-audio').getAttribute('data-engine');
  if (engine !== (hls ? 'hls.js' : 'mse')) throw new Error(`the live page played with ${engine}`);
  await page.evaluate(ONSET_DETECTOR);
  await page.evaluate(() => {
    const audio = document.querySelector('[data-testid="live-audio"]') as HTMLAudioElement;
    const ctx = new AudioContext();
    const src = ctx.createMediaElementSource(audio);
    src.connect(ctx.destination);
    (window as unknown as { __watch: (c: AudioContext, n: AudioNode) => void }).__watch(ctx, src);
  });
  return page;
}

/** The peer: icecast2 and a plain <audio src> (what the design compares against). */
export async function icecastListener(browser: Browser, url: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.setContent('<!doctype html><title>icecast</title>');
  await page.evaluate(ONSET_DETECTOR);
  await page.evaluate(async (src) => {
    const audio = document.createElement('audio');
    audio.crossOrigin = 'anonymous';
    audio.src = src;
    document.body.append(audio);
    const ctx = new AudioContext();
    const node = ctx.createMediaElementSource(audio);
    node.connect(ctx.destination);
    (window as unknown as { __watch: (c: AudioContext, n: AudioNode) => void }).__watch(ctx, node);
    await audio.play();
  }, url);
  return page;
}

/**
 * Latencies of the listener's onsets: the constant delay d that lines up most onsets with the
 * source's (within 80 ms), then each matched pair's difference.
 */
export function latencies(source: number[], heard: number[]): number[] {
  let best = { d: 0, n: 0 };
  for (let d = 0; d <= 10_000; d += 10) {
    let n = 0;
    for (const h of heard) if (source.some((s) => Math.abs(h - d - s) <= 80)) n++;
    if (n > best.n) best = { d, n };
  }
  const out: number[] = [];
  for (const h of heard) {
    const match = source.filter((s) => Math.abs(h - best.d - s) <= 80);
    if (match.length === 1) out.push((h - match[0]) / 1000);
  }
  return out;
}

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
