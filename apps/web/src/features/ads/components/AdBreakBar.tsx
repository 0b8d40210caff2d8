import { AUDIO_AD_SKIP_SECONDS, formatTime } from '@wavecast/shared';
import { useSyncExternalStore } from 'react';
import { adBreak, openAdClick } from '../preroll';
import { ReportAdButton } from './ReportAdButton';

/**
 * Shown over the player bar (before a track) or the live player (before a stream) while a pre-roll
 * plays: labelled 'Ad', skippable after 5 s.
 */
export function AdBreakBar({ before = 'track' }: { before?: 'track' | 'live' }) {
  const state = useSyncExternalStore(adBreak.subscribe, adBreak.get, adBreak.get);
  if (state?.before !== before) return null;
  const left = Math.max(0, Math.ceil(AUDIO_AD_SKIP_SECONDS - state.time));
  return (
    <div
      data-testid="player-ad"
      className="absolute inset-0 z-10 flex items-center gap-3 bg-surface px-4 text-sm"
      role="status"
      aria-live="polite"
    >
      <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-black">Ad</span>
      <button
        type="button"
        className="min-w-0 flex-1 truncate text-left hover:underline"
        onClick={() => openAdClick(state.ad)}
      >
        {state.ad.title}
      </button>
      <ReportAdButton serveId={state.ad.id} className="shrink-0 text-xs text-muted hover:underline" />
      <span className="tabular-nums text-muted">
        {formatTime(state.time)} / {formatTime(state.duration)}
      </span>
      <button
        type="button"
        onClick={adBreak.skip}
        disabled={!state.canSkip}
        className="rounded-full border border-border px-3 py-1 text-xs font-medium disabled:opacity-50"
      >
        {state.canSkip ? 'Skip ad' : `Skip in ${left}`}
      </button>
    </div>
  );
}
