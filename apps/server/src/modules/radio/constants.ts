/** How often a running channel's owner's free live allowance is checked (a capped channel goes off air). */
export const BILLING_ALLOWANCE_CHECK_MS = 60_000;
/**
 * A channel's lease (which process runs its engine) lasts this long unrefreshed; refreshed, and
 * lapsed ones looked for, every quarter of it. A dead holder's channels resume elsewhere within it.
 */
export const RADIO_LEASE_TTL_MS = 10_000;
/** How long a process wanting a channel (a DJ arrived there) waits for its holder to let it go. */
export const RADIO_HANDOVER_WAIT_MS = 8_000;
