/** How often a running channel's owner's free live allowance is checked (a capped channel goes off air). */
export const BILLING_ALLOWANCE_CHECK_MS = 60_000;
