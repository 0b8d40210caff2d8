import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type ByteRange, healthProbeKey, type StorageDriver, type StoredObject } from './driver';

/** Files under `root`; writes go to a temp file renamed into place, so readers never see half a file. */
export class LocalStorage implements StorageDriver {
  readonly name = 'local' as const;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.file(key);
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    return (await this.stat(key)) as StoredObject;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.file(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fsp.stat(this.file(key));
      if (!s.isFile()) return null;
      // Weak validator from size and mtime, like nginx: cheap and changes when the file does.
      const etag = `"${s.mtimeMs.toString(16).replace('.', '')}-${s.size.toString(16)}"`;
      return { size: s.size, mtime: s.mtime, etag };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = path.join(this.root, prefix);
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else out.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(base);
    return out.filter((k) => !k.startsWith('.tmp/'));
  }

  /** A real write where objects go (temp file renamed into place), then its removal. */
  async health(): Promise<void> {
    const key = healthProbeKey();
    await this.put(key, Readable.from([Buffer.from('ok')]));
    await this.delete(key);
  }
}
