import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSecret } from './server-secret';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));

describe('serverSecret', () => {
  it('prefers AUTH_SECRET', () => {
    const dataDir = tempDir();
    expect(serverSecret({ AUTH_SECRET: 'x'.repeat(32), dataDir })).toBe('x'.repeat(32));
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('generates one secret into DATA_DIR (0600) and keeps it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = serverSecret({ dataDir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(serverSecret({ dataDir })).toBe(first);
  });

  it('a process that loses the race to create it reads the winner’s secret', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'auth-secret');
    // The other process creates the file between our failed read and our write.
    const readFileSync = fs.readFileSync;
    let reads = 0;
    fs.readFileSync = ((...args: Parameters<typeof readFileSync>) => {
      if (args[0] === file && reads++ === 0) {
        fs.writeFileSync(file, 'winner-secret', { mode: 0o600 });
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }
      return readFileSync(...args);
    }) as typeof readFileSync;
    try {
      expect(serverSecret({ dataDir })).toBe('winner-secret');
    } finally {
      fs.readFileSync = readFileSync;
    }
  });
});
