import fs from 'node:fs';
import path from 'node:path';
import { APP_NAME } from '@wavecast/shared';

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

/**
 * True for a password that is the account's email address, its part before the @, or the site's
 * name (any case): the first things an attacker who knows the address tries.
 */
export function isAccountLikePassword(password: string, email: string): boolean {
  const p = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return p === address || p === address.split('@')[0] || p === APP_NAME.toLowerCase();
}
