import type { Page } from '@playwright/test';

/**
 * A beep detector on the audio thread: an AudioWorklet sees every sample the element plays and knows
 * each one's context time exactly, however busy the page's main thread is. (A ScriptProcessor on the
 * main thread, used before, loses or shifts whole buffers when its callback runs late: under load a
 * room's first beep after the shared start measured 127 ms apart, the next ones within 13 ms.) An onset
 * is the first sample above `threshold` after `quietSamples` below it.
 */
const WORKLET = `
registerProcessor('onsets', class extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.threshold = options.processorOptions.threshold;
    this.quietSamples = options.processorOptions.quietSamples;
    this.on = false;
    this.quiet = 0;
  }
  process(inputs) {
    const data = inputs[0] && inputs[0][0];
    if (data) for (let i = 0; i < data.length; i++) {
      if (Math.abs(data[i]) > this.threshold) {
        if (!this.on) this.port.postMessage(currentTime + i / sampleRate);
        this.on = true;
        this.quiet = 0;
      } else if (this.on && ++this.quiet >= this.quietSamples) {
        this.on = false;
        this.quiet = 0;
      }
    }
    return true;
  }
});`;

/**
 * Notes when each beep the element `selector` plays is heard, as epoch ms in `window.__onsets`:
 * an onset's context time is mapped to the page's clock by `getOutputTimestamp()` (which pairs the
 * context time being heard with `performance.now()`), then to the epoch by `performance.timeOrigin`.
 * Pages of one machine share that clock, so their onsets compare. The page's context must allow a
 * blob: module (`bypassCSP`).
 */
export async function listenForOnsets(page: Page, selector: string, threshold = 0.03, quietSamples = 2_400) {
  await page.evaluate(
    async ({ selector, code, threshold, quietSamples }) => {
      const audio = document.querySelector<HTMLAudioElement>(selector);
      if (!audio) throw new Error(`no ${selector}`);
      const ctx = new AudioContext({ sampleRate: 48_000 });
      await ctx.resume();
      await ctx.audioWorklet.addModule(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      const onsets: number[] = [];
      (window as unknown as { __onsets: number[] }).__onsets = onsets;
      const node = new AudioWorkletNode(ctx, 'onsets', { processorOptions: { threshold, quietSamples } });
      node.port.onmessage = (e: MessageEvent<number>) => {
        const ts = ctx.getOutputTimestamp();
        onsets.push(performance.timeOrigin + (ts.performanceTime ?? 0) + (e.data - (ts.contextTime ?? 0)) * 1000);
      };
      ctx.createMediaElementSource(audio).connect(node);
      node.connect(ctx.destination);
    },
    { selector, code: WORKLET, threshold, quietSamples },
  );
}

export const onsetsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __onsets: number[] }).__onsets.slice());
