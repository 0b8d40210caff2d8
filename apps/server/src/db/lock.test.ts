import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-lock-'));

describe('acquireDataDirLock', () => {
  it('refuses a directory held by a live process, naming it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Wavecast process/);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });
});
