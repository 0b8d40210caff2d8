import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context';
import { ffmpeg } from '../../media/ffmpeg';
import { audioContent, authUsers, users } from '../schema';
import { DEMO_CREATORS, DEMO_TRACKS, type DemoTrack } from './catalogue';
import { soundSource } from './sound';

/** Real, decodable audio with the shape of its category (see sound.ts), encoded as MP3. */
async function generateAudio(track: DemoTrack, out: string, ffmpegPath?: string) {
  const { source, filters } = soundSource(track.sound, track.seconds);
  const fades = ['afade=t=in:d=1', `afade=t=out:st=${track.seconds - 2}:d=2`];
  await ffmpeg(
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', source],
      ...['-af', [...filters, ...fades].join(',')],
      ...['-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', '-y', out],
    ],
    { ffmpeg: ffmpegPath },
  );
}

async function generateCover(colour: string, out: string, ffmpegPath?: string) {
  await ffmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=512x512`,
      '-vf',
      'drawbox=x=96:y=96:w=320:h=320:color=white@0.18:t=fill,drawbox=x=176:y=176:w=160:h=160:color=black@0.25:t=fill',
      '-frames:v',
      '1',
      '-y',
      out,
    ],
    { ffmpeg: ffmpegPath },
  );
}

/** Seeds the demo catalogue: a few creators and a dozen short generated tracks (tests pass a few), but not `skip`'s. */
export async function seedDemo(
  ctx: AppContext,
  log: (m: string) => void = () => {},
  tracks: DemoTrack[] = DEMO_TRACKS,
  skip: (t: DemoTrack) => boolean = () => false,
): Promise<number> {
  const { db } = ctx.database;
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'wavecast-seed-'));
  try {
    for (const c of DEMO_CREATORS) {
      await db
        .insert(authUsers)
        .values({ id: c.id, name: c.displayName, email: c.email, emailVerified: true })
        .onConflictDoNothing();
      await db
        .insert(users)
        .values({
          id: c.id,
          email: c.email,
          displayName: c.displayName,
          bio: c.bio,
          website: c.website,
          userRole: 'creator',
        })
        .onConflictDoNothing();
    }
    let created = 0;
    for (const [i, t] of tracks.entries()) {
      if (skip(t)) continue;
      const id = randomUUID();
      const audioFile = path.join(tmp, `${id}.mp3`);
      const coverFile = path.join(tmp, `${id}.png`);
      await generateAudio(t, audioFile, ctx.config.FFMPEG_PATH);
      await generateCover(t.cover, coverFile, ctx.config.FFMPEG_PATH);
      const audioKey = `audio/${t.creator}/${id}.mp3`;
      const coverKey = `covers/${t.creator}/${id}.png`;
      const stored = await ctx.storage.put(audioKey, fs.createReadStream(audioFile), { contentType: 'audio/mpeg' });
      await ctx.storage.put(coverKey, fs.createReadStream(coverFile), { contentType: 'image/png' });
      await db.insert(audioContent).values({
        id,
        userId: t.creator,
        title: t.title,
        description: t.description,
        category: t.category,
        tags: t.tags,
        audioKey,
        audioMime: 'audio/mpeg',
        audioBytes: stored.size,
        originalFilename: `${t.title}.mp3`,
        codec: 'mp3',
        channels: 2,
        coverKey,
        duration: t.seconds,
        isPublic: true,
        status: 'ready',
        chapterMarkers: t.chapters?.map((ch) => ({ id: randomUUID(), ...ch })) ?? null,
        // Spread the uploads over the past days so "recent" and "popular" differ.
        createdAt: new Date(Date.now() - (tracks.length - i) * 3_600_000 * 7),
      });
      // Renditions, loudness and waveform peaks, like any upload (the track stays playable meanwhile).
      await ctx.jobs.enqueue('track.process', { trackId: id });
      created++;
      log(`seeded "${t.title}"`);
    }
    return created;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

const demoKey = (creator: string, title: string) => `${creator}\n${title}`;

/**
 * Seeds the demo catalogue into a catalogue that holds nothing else, once: a restart never
 * duplicates it, and never adds it beside real tracks. A seeding stopped part-way (the first
 * `npm start` interrupted) is finished: it inserts in catalogue order, so while its last track is
 * missing it is unfinished, and only the missing tracks are added.
 */
export async function seedDemoOnce(ctx: AppContext, tracks: DemoTrack[] = DEMO_TRACKS): Promise<void> {
  const creators = DEMO_CREATORS.map((c) => c.id);
  const [others] = await ctx.database.query('SELECT 1 FROM audio_content WHERE NOT user_id = ANY($1) LIMIT 1', [
    creators,
  ]);
  if (others) return;
  const rows = await ctx.database.query<{ user_id: string; title: string }>(
    'SELECT DISTINCT user_id, title FROM audio_content WHERE user_id = ANY($1)',
    [creators],
  );
  const present = new Set(rows.map((r) => demoKey(r.user_id, r.title)));
  const last = tracks[tracks.length - 1];
  if (!last || present.has(demoKey(last.creator, last.title))) return;
  const created = await seedDemo(
    ctx,
    () => {},
    tracks,
    (t) => present.has(demoKey(t.creator, t.title)),
  );
  console.log(
    present.size
      ? `Finished the demo catalogue a stopped start left part-way (${created} tracks added). Set SEED_DEMO=0 to turn this off.`
      : `Seeded the demo catalogue (${created} tracks). Set SEED_DEMO=0 to turn this off.`,
  );
}
