import { type ChildProcess, spawn } from 'node:child_process';
import type { APIRequestContext, Browser } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { expect } from './test';
import { scaled } from './timeouts';

/** A creator signed up in a context of their own, with a stream key for an encoder. */
export async function creatorWithStreamKey(browser: Browser, name: string, keyName: string) {
  const ctx = await browser.newContext();
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const up = await ctx.request.post('/api/auth/sign-up/email', {
    data: { email, password: `${keyName} secret words`, name, accountType: 'creator' },
  });
  expect(up.ok()).toBe(true);
  const creatorId = (await up.json()).user.id as string;
  const made = await ctx.request.post('/api/live/keys', { data: { name: keyName } });
  expect(made.status()).toBe(201);
  const { secret } = (await made.json()) as { secret: string };
  const { ingestUrl } = (await (await ctx.request.get('/api/live/keys')).json()) as { ingestUrl: string };
  expect(ingestUrl).toMatch(/^icecast:\/\//);
  return { ctx, email, creatorId, secret, ingestUrl };
}

/** ffmpeg as an Icecast source client to the encoder ingest, in real time: `input` lavfi args, `output` encoding args. */
export function icecastEncoder(
  ingestUrl: string,
  key: string,
  input: string[],
  output: string[],
): { child: ChildProcess; exited: Promise<number | null> } {
  const url = new URL(ingestUrl.replace(/^icecast:/, 'http:'));
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', ...input],
    ...output,
    `icecast://source:${key}@${url.hostname}:${url.port}${url.pathname}`,
  ]);
  child.stderr?.resume();
  return { child, exited: new Promise((r) => child.on('close', (code) => r(code))) };
}

/** Waits until the creator's own stream is live (the encoder connected); its id. */
export async function ownLiveStream(request: APIRequestContext): Promise<string> {
  let streamId = '';
  await expect
    .poll(
      async () => {
        const mine = await (await request.get('/api/live/mine')).json();
        streamId = mine.stream?.status === 'live' ? mine.stream.id : '';
        return streamId;
      },
      { timeout: scaled(20_000) },
    )
    .not.toBe('');
  return streamId;
}
