import { APP_UA_PATTERNS } from './apps';
import { BOT_UA_PATTERNS } from './bots';
import { LIBRARY_BOT_UA_PATTERNS } from './libraries';

// The bundled OPAWG user-agent lists (MIT, see LICENSE), compiled once. A pattern the JS engine
// refuses is skipped rather than breaking the server.
const compile = (p: string) => {
  try {
    return new RegExp(p);
  } catch {
    return null;
  }
};
const BOTS = BOT_UA_PATTERNS.map(compile).filter((r): r is RegExp => r !== null);
const APPS = APP_UA_PATTERNS.flatMap(([name, p]) => {
  const re = compile(p);
  return re ? [{ name, re }] : [];
});

/** A known bot (OPAWG bots list), or no user agent at all. */
export function isKnownBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  return BOTS.some((re) => re.test(userAgent));
}

/** The podcast app named by the OPAWG apps list, or null. */
export function knownApp(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  return APPS.find((a) => a.re.test(userAgent))?.name ?? null;
}

/**
 * An HTTP library or script rather than a player (OPAWG libraries marked `bot`, and Node's own
 * fetch, whose user agent is `node` since undici 6): never a listener hearing an ad.
 */
const SCRIPTS = [...LIBRARY_BOT_UA_PATTERNS, '^node$'].map(compile).filter((r): r is RegExp => r !== null);
export function isScriptedClient(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  return isKnownBot(userAgent) || SCRIPTS.some((re) => re.test(userAgent));
}
