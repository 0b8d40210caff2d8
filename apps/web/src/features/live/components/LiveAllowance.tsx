import { BILLING_MESSAGES, formatTime, liveAllowanceEndsInMessage, liveAllowanceLeftMessage } from '@wavecast/shared';
import { Timer } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';

/**
 * The free plan's live allowance beside Go Live: the minutes left this month; none left: why
 * Go Live is off and where to get more; once the server warned a broadcast, the countdown to its end.
 */
export function LiveAllowance({
  secondsLeft,
  liveSince,
  endsAt,
  now,
}: {
  /** From /api/me; null: unlimited. */
  secondsLeft: number | null;
  /** When the current broadcast went on air (null: not live). */
  liveSince: number | null;
  /** When the server will end the broadcast (after its warning); null: not warned. */
  endsAt: number | null;
  now: number;
}) {
  // While live, the figure counts down from what was left when the broadcast started.
  const atStart = useRef(secondsLeft);
  if (liveSince === null) atStart.current = secondsLeft;

  if (endsAt !== null && liveSince !== null) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-warning" role="timer" data-testid="live-allowance">
        <Timer className="size-4" aria-hidden />
        {liveAllowanceEndsInMessage(formatTime(Math.max(0, (endsAt - now) / 1000)))}
      </p>
    );
  }
  const start = atStart.current;
  if (start === null) {
    return (
      <p className="text-sm text-muted" data-testid="live-allowance">
        {BILLING_MESSAGES.liveUnlimited}
      </p>
    );
  }
  const left = liveSince === null ? start : Math.max(0, start - Math.floor((now - liveSince) / 1000));
  if (left === 0 && liveSince === null) {
    return (
      <p className="text-sm text-error" role="alert" data-testid="live-allowance">
        {BILLING_MESSAGES.liveAllowanceUsed}{' '}
        <Link to="/pricing" className="font-medium text-primary underline">
          {BILLING_MESSAGES.liveAllowanceSeePlans}
        </Link>
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted" data-testid="live-allowance">
      <Timer className="size-4" aria-hidden />
      {liveAllowanceLeftMessage(left)}
    </p>
  );
}
