import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TRadioChannel, TRadioProgram } from '@wavecast/shared';
import type { LightMyRequestResponse } from 'fastify';
import { playlists, playlistTracks } from '../src/db/schema';
import { findFfmpeg } from '../src/media/ffmpeg';
import { billing } from '../src/modules/billing';
import { signUp, type TestApp, type TestUser } from './helpers';
import { rotationProgram } from './radio-program';
import { seedTrack } from './seed-track';

/** A stored Opus track of a steady tone (a gap in the channel is then silence in the decoded audio). */
export async function toneTrack(
  t: TestApp,
  dir: string,
  ownerId: string,
  o: { title: string; hz: number; seconds: number },
): Promise<string> {
  const file = path.join(dir, `${ownerId}-${o.hz}.webm`);
  execFileSync(findFfmpeg(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=f=${o.hz}:d=${o.seconds}`],
    ...['-ac', '2', '-c:a', 'libopus', '-b:a', '64k', file],
  ]);
  const key = `audio/${ownerId}/${o.hz}.webm`;
  await t.ctx.storage.put(key, fs.createReadStream(file), { contentType: 'audio/webm' });
  return seedTrack(t.ctx.database.db, ownerId, {
    title: o.title,
    audioKey: key,
    audioMime: 'audio/webm',
    duration: o.seconds,
    media: { opusKey: key },
  });
}

export interface Station {
  owner: TestUser;
  channel: TRadioChannel;
  /** The channel's DJ key (`wrk_…`). */
  key: string;
  call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** The channel as its public page reads it. */
  page(): Promise<TRadioChannel>;
}

/**
 * A Pro creator named `name` with a channel of its own that rotates these tone tracks, a DJ key
 * made, and put on air (the engine starts in this process).
 */
export async function stationOnAir(
  t: TestApp,
  dir: string,
  name: string,
  tones: { title: string; hz: number }[],
  o: { seconds: number; program?: Partial<TRadioProgram> },
): Promise<Station> {
  const owner = await signUp(t, { role: 'creator', name });
  await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
  const call: Station['call'] = (method, url, payload) =>
    t.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
  const ids: string[] = [];
  for (const tone of tones) ids.push(await toneTrack(t, dir, owner.id, { ...tone, seconds: o.seconds }));
  const [pl] = await t.ctx.database.db
    .insert(playlists)
    .values({ userId: owner.id, name: `${name} rotation`, isPublic: true })
    .returning();
  const playlistId = pl?.id as string;
  await t.ctx.database.db
    .insert(playlistTracks)
    .values(ids.map((audioId, position) => ({ playlistId, audioId, position })));
  const channel = (await call('POST', '/api/radio/channels', { name: `${name} FM`, category: 'Music' })).json();
  const program = await call(
    'PUT',
    `/api/radio/channels/${channel.id}/program`,
    rotationProgram(playlistId, o.program),
  );
  if (program.statusCode !== 200) throw new Error(`program: ${program.body}`);
  const key = (await call('POST', `/api/radio/channels/${channel.id}/key`)).json().secret as string;
  const air = await call('POST', `/api/radio/channels/${channel.id}/on-air`);
  if (!air.json().onAir) throw new Error(`on air: ${air.body}`);
  const page = async () => (await call('GET', `/api/radio/channels/${channel.id}`)).json() as TRadioChannel;
  return { owner, channel, key, call, page };
}
