import { timeAgo } from '@wavecast/shared';
import { useNow } from '../../lib/now';

/** '5 minutes ago', kept current, and the same text as the server's while a first view hydrates (lib/now.ts). */
export function TimeAgo({ date }: { date: Date | string }) {
  return <>{timeAgo(date, useNow())}</>;
}
