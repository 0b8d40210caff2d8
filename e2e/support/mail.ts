import fs from 'node:fs';
import path from 'node:path';
import { server } from './server';

/** The mails this worker's e2e server sent (its mail drop, DATA_DIR/mail: no SMTP here), newest first. */
export function droppedMails(): string[] {
  const dir = path.join(server.dataDir, 'mail');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  return files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
