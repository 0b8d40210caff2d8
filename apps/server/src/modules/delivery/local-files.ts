import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { assertValidKey } from '../../storage/driver';
import { HotObjects } from './hot-objects';

/**
 * The delivery fast path for the local storage driver: for small ranges (what players ask for)
 * files stay open between requests and a range is one positioned read into a Buffer; large
 * bodies stream in big chunks. Handles close after a while unused. Other drivers use `storage.get`.
 */
const SMALL_READ = 256 * 1024;
const STREAM_CHUNK = 1024 * 1024;
const IDLE_MS = 30_000;

interface OpenFile {
  handle: Promise<FileHandle>;
  lastUsed: number;
}

class OpenFiles {
  private readonly files = new Map<string, OpenFile>();
  private sweeper?: NodeJS.Timeout;

  private open(file: string): OpenFile {
    let f = this.files.get(file);
    if (!f) {
      const entry: OpenFile = { handle: fsp.open(file, 'r'), lastUsed: Date.now() };
      this.files.set(file, entry);
      // A file that cannot be opened is not kept: the next request tries again.
      entry.handle.catch(() => this.files.get(file) === entry && this.files.delete(file));
      this.sweeper ??= setInterval(() => this.sweep(), IDLE_MS / 2).unref();
      f = entry;
    }
    f.lastUsed = Date.now();
    return f;
  }

  private close(file: string, f: OpenFile): void {
    if (this.files.get(file) === f) this.files.delete(file);
    f.handle.then((h) => h.close()).catch(() => {});
  }

  private sweep(): void {
    const now = Date.now();
    for (const [file, f] of this.files) if (now - f.lastUsed > IDLE_MS) this.close(file, f);
    if (this.files.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  forget(file: string): void {
    const f = this.files.get(file);
    if (f) this.close(file, f);
  }

  /** The bytes [start, end] (inclusive). */
  async body(file: string, start: number, end: number): Promise<Buffer | Readable> {
    const length = end - start + 1;
    if (length > SMALL_READ) {
      // Large bodies stream from their own descriptor (opening is cheap next to megabytes), in big
      // chunks. A shared descriptor cannot serve them: fs.ReadStream closes it when destroyed.
      return fs.createReadStream(file, { start, end, highWaterMark: STREAM_CHUNK });
    }
    const f = this.open(file);
    try {
      const handle = await f.handle;
      const buf = Buffer.allocUnsafe(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buf, read, length - read, start + read);
        if (bytesRead === 0) throw new Error('file shorter than expected');
        read += bytesRead;
      }
      return buf;
    } catch (e) {
      // A handle that failed is not trusted again: the next request reopens the file.
      this.close(file, f);
      throw e;
    }
  }
}

/** One app's hot objects and open local files (`localObjects(ctx)`, made on first use). */
class LocalObjects {
  readonly hot = new HotObjects();
  /** Open files per local storage root. */
  readonly byRoot = new Map<string, OpenFiles>();
}

const localObjects = perApp((_ctx: AppContext) => new LocalObjects());

const hotObjects = (ctx: AppContext): HotObjects => localObjects(ctx).hot;

async function loadWhole(ctx: AppContext, key: string): Promise<Buffer> {
  const root = localRoot(ctx);
  if (root) return fsp.readFile(path.join(root, key));
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The local storage root (see storage/index.ts: DATA_DIR/storage), or null for other drivers. */
function localRoot(ctx: AppContext): string | null {
  return ctx.storage.name === 'local' ? path.join(ctx.config.dataDir, 'storage') : null;
}

/**
 * The bytes [start, end] of a stored object of `size` bytes: from memory when it is hot, the fast
 * path on local disk, the driver otherwise.
 */
export async function readObject(
  ctx: AppContext,
  key: string,
  start: number,
  end: number,
  size: number,
): Promise<Buffer | Readable> {
  assertValidKey(key);
  const whole = hotObjects(ctx).get(key, size, () => loadWhole(ctx, key));
  if (whole) return whole.subarray(start, end + 1);
  const root = localRoot(ctx);
  if (root) {
    const { byRoot } = localObjects(ctx);
    let files = byRoot.get(root);
    if (!files) {
      files = new OpenFiles();
      byRoot.set(root, files);
    }
    try {
      return await files.body(path.join(root, key), start, end);
    } catch {
      // not where we expected it: ask the driver
    }
  }
  return ctx.storage.get(key, { start, end });
}

/** The whole object when it is hot in memory, else null (never reads storage). */
export const peekHotObject = (ctx: AppContext, key: string): Buffer | null => hotObjects(ctx).peek(key);

/** Drops open handles of deleted objects. */
export function closeObjects(ctx: AppContext, keys: string[]): void {
  for (const k of keys) hotObjects(ctx).delete(k);
  const root = localRoot(ctx);
  const files = root ? localObjects(ctx).byRoot.get(root) : undefined;
  if (!root || !files) return;
  for (const k of keys) files.forget(path.join(root, k));
}
