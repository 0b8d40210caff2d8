import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ffmpeg } from '../media/ffmpeg';
import type { Sink } from './session';

/**
 * A broadcast's recording in shared storage, as it happens (ADR 0046): each process that holds the
 * broadcast writes a "run" (its bytes from its first, a WebM of its own) in parts of a few seconds,
 * so a process that dies loses at most the part it was filling, and any process can assemble the
 * recording at the end. Keys: `live-recordings/{streamId}/{run}/{seq}.webm`, a run named by its
 * start time so runs sort in order.
 */
export const RECORDING_PART_MS = 2_000;

export interface PartStore {
  put(key: string, body: Buffer): Promise<void>;
}

export function recordingPartsPrefix(streamId: string): string {
  return `live-recordings/${streamId}/`;
}

export function recordingRunKey(startedAt: number, processId: string): string {
  return `${String(startedAt).padStart(15, '0')}-${processId.slice(0, 8)}`;
}

/** Uploads what it is given as parts: every RECORDING_PART_MS, and the rest at close. */
export class RecordingPartsSink implements Sink {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private closed = false;
  private uploads: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: PartStore,
    private readonly prefix: string,
    private readonly log: (msg: string, err?: unknown) => void,
    partMs = RECORDING_PART_MS,
  ) {
    this.timer = setInterval(() => this.flush(), partMs);
    this.timer.unref();
  }

  write(buf: Buffer): void {
    if (this.closed) return;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
  }
  buffered(): number {
    return 0; // never holds the broadcast back: parts go out on their own schedule
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.flush();
  }
  /** Resolves once every part given so far is stored (or failed, logged). */
  get done(): Promise<void> {
    return this.uploads;
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const body = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const key = `${this.prefix}${String(this.seq++).padStart(6, '0')}.webm`;
    // In order, one at a time: a part is never overtaken by the next.
    this.uploads = this.uploads.then(() =>
      this.store.put(key, body).catch((e) => this.log(`live: storing the recording part ${key} failed`, e)),
    );
  }
}

/** The storage side the finalizer needs. */
export interface PartReader {
  list(prefix: string): Promise<string[]>;
  get(key: string): Promise<NodeJS.ReadableStream>;
  delete(key: string): Promise<void>;
}

/** Downloads each run's parts, joined, into `dir`: the files in broadcast order (none: no parts). */
export async function downloadRuns(storage: PartReader, streamId: string, dir: string): Promise<string[]> {
  const keys = (await storage.list(recordingPartsPrefix(streamId))).sort();
  const runs = new Map<string, string[]>();
  for (const key of keys) {
    const run = key.slice(recordingPartsPrefix(streamId).length).split('/')[0];
    runs.set(run, [...(runs.get(run) ?? []), key]);
  }
  const files: string[] = [];
  for (const [run, parts] of runs) {
    const file = path.join(dir, `${run}.webm`);
    const out = fs.createWriteStream(file);
    for (const key of parts) await pipeline(await storage.get(key), out, { end: false });
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    files.push(file);
  }
  return files;
}

export async function deleteParts(storage: PartReader, streamId: string): Promise<void> {
  for (const key of await storage.list(recordingPartsPrefix(streamId))) await storage.delete(key);
}

/** Joins seekable WebM files end to end (ffmpeg's concat demuxer, -c copy: the runs share a codec). */
export async function concatRecordings(files: string[], out: string, ffmpegPath?: string): Promise<void> {
  const list = `${out}.txt`;
  await fsp.writeFile(list, files.map((f) => `file '${f.replaceAll("'", "'\\''")}'`).join('\n'));
  try {
    await ffmpeg(['-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'webm', out], {
      ffmpeg: ffmpegPath,
      timeoutMs: 10 * 60_000,
    });
  } finally {
    await fsp.rm(list, { force: true });
  }
}
