import { createHash } from 'node:crypto';
import {
  AD_QUARTILE_MIN_SHARE,
  AD_QUARTILE_SLACK_MS,
  type AdFormat,
  type AdIvtReason,
  AUDIO_START_MIN_MS,
  DISPLAY_IMPRESSION_SECONDS,
} from '@wavecast/shared';
import type { ClientFacts } from '../../lib/traffic';
import type { QuartileEvent } from './tokens';

/**
 * General invalid traffic (IAB/MRC GIVT, ADR 0040) the ads alone judge: timing no player can produce,
 * and the key of a client without a cookie. What a request's source shows (`sourceIvt`) is judged by
 * lib/traffic.ts, the same for plays (ADR 0072). Pure rules; serving.ts applies them and keeps what
 * they filter.
 */

/**
 * The listener key of a client that came without a cookie: its address and user agent, hashed (the
 * frequency caps hold for a client that drops its cookie; the address itself is not stored).
 */
export function clientKey(client: ClientFacts): string {
  const h = createHash('sha256')
    .update(`${client.ip ?? ''}\n${client.userAgent ?? ''}`)
    .digest('base64url');
  return `client:${h.slice(0, 22)}`;
}

/**
 * An impression that came sooner after its serve than the ad could have started (audio) or been
 * on screen a second (display): 'impossible-timing', else null.
 */
export function impressionTiming(format: AdFormat, servedAt: Date, now: Date): AdIvtReason | null {
  const min = format === 'audio' ? AUDIO_START_MIN_MS : DISPLAY_IMPRESSION_SECONDS * 1000;
  return now.getTime() - servedAt.getTime() < min ? 'impossible-timing' : null;
}

const QUARTILE_SHARE: Record<QuartileEvent, number> = {
  firstQuartile: 0.25,
  midpoint: 0.5,
  thirdQuartile: 0.75,
  complete: 1,
};

/** True when the ad could have played up to this quartile between its impression and now. */
export function quartileReachable(event: QuartileEvent, impressedAt: Date, adSeconds: number, now: Date): boolean {
  const needed = QUARTILE_SHARE[event] * adSeconds * 1000 * AD_QUARTILE_MIN_SHARE - AD_QUARTILE_SLACK_MS;
  return now.getTime() - impressedAt.getTime() >= needed;
}
