import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The server's signing secret: AUTH_SECRET, or one generated once into DATA_DIR/auth-secret
 * (0600). Sessions and listener cookies share it. Two processes starting together on one DATA_DIR
 * agree: only one can create the file (`wx`), the other reads what it wrote.
 */
export function serverSecret(config: Pick<Config, 'AUTH_SECRET' | 'dataDir'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  const read = () => fs.readFileSync(file, 'utf8').trim();
  try {
    return read();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return read();
      throw e;
    }
  }
}
