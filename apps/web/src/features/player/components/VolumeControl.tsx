import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

export function VolumeControl() {
  const { setVolume, toggleMute } = usePlayerControls();
  const volume = usePlayerState((s) => s.volume);
  const muted = usePlayerState((s) => s.muted);
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={toggleMute}
        aria-label={silent ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        className="grid size-9 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
      >
        <Icon className="size-5" aria-hidden />
      </button>
      <input
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        onChange={(e) => setVolume(Number(e.target.value))}
        aria-label="Volume"
        aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
        className="h-1 w-24 cursor-pointer accent-primary"
      />
    </div>
  );
}
