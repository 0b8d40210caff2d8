// The payout rail moved to the shared payouts module (ADR 0054); affiliates read it from there.
export { canMovePayout, PAYOUT_TRANSITIONS, payoutPeriod } from '../payouts/state';
