import fs from 'node:fs';
import path from 'node:path';

let common: Set<string> | undefined;

/** The common-passwords list, loaded once. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = fs.readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

/** True for a password on the most-common list (case-insensitive), which we refuse. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
