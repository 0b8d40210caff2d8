import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { recordingCategory } from '@wavecast/shared';
import { probeDuration, rawRecordingPath, removeQuietly, remuxRecording } from '../../relay/recording';
import { concatRecordings, deleteParts, downloadRuns } from '../../relay/recording-parts';
import * as repo from './repo';
import type { LiveRuntime } from './runtime';

/** Shortest recording worth keeping as a track. */
const MIN_RECORDING_SECONDS = 0.5;

/** Turns the raw recording of an ended stream into a draft track, in the background. */
export class RecordingFinalizer {
  private readonly finalizing = new Map<string, Promise<void>>();

  constructor(private readonly rt: LiveRuntime) {}

  private get ctx() {
    return this.rt.ctx;
  }

  /** Resolves once any recording work for the stream is done (tests, shutdown). */
  async settled(id: string): Promise<void> {
    await this.finalizing.get(id);
  }

  async allSettled(): Promise<void> {
    await Promise.allSettled(this.finalizing.values());
  }

  inBackground(id: string): void {
    if (this.finalizing.has(id)) return;
    const work = this.finalize(id)
      .catch((e) => this.rt.log(`live: finalizing the recording of ${id} failed (kept for the next start)`, e))
      .finally(() => this.finalizing.delete(id));
    this.finalizing.set(id, work);
  }

  /**
   * Raw recording → seekable WebM (ffmpeg -c copy) → storage → a private draft track, then the
   * `track.process` job (the chat becomes comments only if the host keeps it when publishing). Safe to run again after a crash: the raw
   * file is only removed once the track exists.
   */
  private async finalize(id: string): Promise<void> {
    const raw = rawRecordingPath(this.ctx.config.dataDir, id);
    const stream = await repo.findStreamRow(this.ctx.database.db, id);
    if (!stream || stream.recordingTrackId) {
      await deleteParts(this.ctx.storage, id).catch(() => {});
      return removeQuietly(raw);
    }
    if (!stream.endedAt) return; // still open somewhere: finalized once it ends
    // A radio channel's air is made of tracks already on the platform (and DJ sets): not kept.
    if (stream.radioChannelId) {
      await removeQuietly(raw);
      await deleteParts(this.ctx.storage, id).catch(() => {});
      return;
    }
    // Still held by a live process (ended elsewhere, its last part not stored yet): that one finalizes.
    const holder = await this.rt.hub.leaseHolder(id);
    if (holder && holder !== this.rt.hub.processId) return;
    // A name of its own: another finalize of the same recording (a second LiveService sweeping the
    // same data, as in tests) must not overwrite or delete this one's output mid-way.
    const tag = randomUUID().slice(0, 8);
    const remuxed = `${raw}.${tag}.remux.webm`;
    const runsDir = `${raw}.${tag}.runs`;
    await fsp.mkdir(runsDir, { recursive: true });
    try {
      // Scale-out: the runs of every process that held it, from storage; otherwise the file here.
      const runs = await downloadRuns(this.ctx.storage, id, runsDir);
      // No audio at all: never on air means none anywhere; otherwise the process that held it has it.
      if (runs.length === 0 && !fs.existsSync(raw)) return stream.onAirAt ? undefined : await this.discard(id);
      await this.remux(runs.length > 0 ? runs : [raw], remuxed);
      const duration = await probeDuration(remuxed, this.ctx.config.FFMPEG_PATH);
      if (!(duration >= MIN_RECORDING_SECONDS)) {
        await removeQuietly(raw);
        await deleteParts(this.ctx.storage, id);
        return await this.discard(id);
      }
      const key = `audio/${stream.userId}/${randomUUID()}.webm`;
      const stored = await this.ctx.storage.put(key, fs.createReadStream(remuxed), { contentType: 'audio/webm' });
      let made: { trackId: string; created: boolean };
      try {
        made = await repo.createRecordingTrack(this.ctx.database.db, {
          stream,
          audioKey: key,
          audioBytes: stored.size,
          duration,
          category: recordingCategory(stream.category),
        });
      } catch (e) {
        await this.ctx.storage.delete(key).catch(() => {});
        throw e;
      }
      await removeQuietly(raw);
      await deleteParts(this.ctx.storage, id);
      // Someone else finished it first: ours is a spare copy.
      if (!made.created) return await this.ctx.storage.delete(key);
      const { trackId } = made;
      await this.ctx.jobs.enqueue('track.process', { trackId });
      await this.ctx.bus.publish(`live:${id}`, 'live.recording', { streamId: id, trackId, isPublic: false });
    } finally {
      await removeQuietly(remuxed);
      await fsp.rm(runsDir, { recursive: true, force: true });
    }
  }

  /** One run remuxed as it is; several (a broadcast that moved between processes) joined in order. */
  private async remux(runs: string[], out: string): Promise<void> {
    const ffmpegPath = this.ctx.config.FFMPEG_PATH;
    if (runs.length === 1) return remuxRecording(runs[0], out, ffmpegPath);
    const parts = runs.map((r) => `${r}.remux.webm`);
    for (const [i, r] of runs.entries()) await remuxRecording(r, parts[i], ffmpegPath);
    await concatRecordings(parts, out, ffmpegPath);
  }

  private async discard(id: string): Promise<void> {
    await repo.markRecordingDiscarded(this.ctx.database.db, id);
    await this.ctx.bus.publish(`live:${id}`, 'live.recording', { streamId: id, trackId: null, isPublic: false });
  }

  /** At start: raw recordings left by a crash or shutdown become tracks once their stream has ended. */
  async reconcile(): Promise<void> {
    const dir = path.dirname(rawRecordingPath(this.ctx.config.dataDir, 'x'));
    let files: string[];
    try {
      files = await fsp.readdir(dir);
    } catch {
      return;
    }
    for (const f of files) {
      if (f.endsWith('.remux.webm') || f.endsWith('.runs')) {
        await fsp.rm(path.join(dir, f), { recursive: true, force: true });
        continue;
      }
      const m = /^([0-9a-f-]{36})\.webm$/.exec(f);
      if (m && !this.rt.hub.get(m[1])) this.inBackground(m[1]);
    }
  }
}
