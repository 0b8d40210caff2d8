import { type PlanId, RADIO_CHANNELS_MAX, RADIO_FREE_CHANNELS_MAX, RADIO_MESSAGES } from '@wavecast/shared';

/** A channel's air state and the moves between them (nothing else changes `on_air`). */
export type AirState = 'off_air' | 'on_air';
export const AIR_TRANSITIONS: Record<AirState, readonly AirState[]> = {
  off_air: ['on_air'],
  on_air: ['off_air'],
};
export const canMove = (from: AirState, to: AirState) => AIR_TRANSITIONS[from].includes(to);

/**
 * How many channels the account's plan holds: Creator and Pro (and what covers them) up to
 * RADIO_CHANNELS_MAX; the free plan one, on air only while its monthly live allowance lasts.
 */
export function channelLimit(planId: PlanId): { max: number; message: string } {
  return planId === 'free' || planId === 'free-listener' || planId === 'premium' || planId === 'family'
    ? { max: RADIO_FREE_CHANNELS_MAX, message: RADIO_MESSAGES.freeTooMany }
    : { max: RADIO_CHANNELS_MAX, message: RADIO_MESSAGES.tooMany };
}

/** Who may see a channel: its owner always; others while the owner is active. */
export const canSeeChannel = (viewerId: string | null, c: { userId: string }, ownerSuspended: boolean) =>
  viewerId === c.userId || !ownerSuspended;

/** Whether a DJ may take over at `at`: any time, or with `djOnlyInSlot` only inside a DJ slot. */
export function djMayTakeOver(
  channel: { djOnlyInSlot: boolean },
  slots: { kind: string; day: number; startMinute: number; durationMinutes: number }[],
  at: Date,
): boolean {
  if (!channel.djOnlyInSlot) return true;
  const week = 7 * 1440;
  const minute = at.getUTCDay() * 1440 + at.getUTCHours() * 60 + at.getUTCMinutes();
  return slots.some((s) => {
    if (s.kind !== 'dj') return false;
    const start = s.day * 1440 + s.startMinute;
    const offset = (((minute - start) % week) + week) % week;
    return offset < s.durationMinutes;
  });
}
