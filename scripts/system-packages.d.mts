/** Program on PATH → Debian package, for the programs the test suites run beside our code. */
export const TEST_PROGRAMS: Record<string, string>;
export function onPath(bin: string): boolean;
/** Installs (apt-get, as root on Debian) the packages of the programs not on PATH; returns those still missing. */
export function ensurePrograms(programs?: Record<string, string>): string[];
