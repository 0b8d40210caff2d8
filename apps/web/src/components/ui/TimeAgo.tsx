import { useTimeAgo } from '../../lib/now';

/** '5 minutes ago' (text only), hydration-safe on a server-rendered first view (lib/now.ts). */
export function TimeAgo({ date }: { date: Date | string }) {
  return <>{useTimeAgo(date)}</>;
}
