import { MESSAGES } from '@wavecast/shared';
import { Mic, MicOff, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import type { MicPermission } from '../hooks/useMicrophone';
import { LevelMeter } from './LevelMeter';

const STATUS: Record<MicPermission, { label: string; className: string; Icon: typeof ShieldCheck }> = {
  prompt: { label: 'Permission needed', className: 'text-warning', Icon: ShieldQuestion },
  granted: { label: 'Microphone access granted', className: 'text-success', Icon: ShieldCheck },
  denied: { label: 'Microphone access denied', className: 'text-error', Icon: ShieldAlert },
};

/** Permission state, the request button, the mute toggle and the level meter. */
export function MicrophonePanel({
  permission,
  active,
  muted,
  level,
  onRequest,
  onToggleMute,
}: {
  permission: MicPermission;
  active: boolean;
  muted: boolean;
  level: number;
  onRequest: () => void;
  onToggleMute: () => void;
}) {
  const { label, className, Icon } = STATUS[permission];
  return (
    <section aria-labelledby="mic-heading" className="space-y-4 rounded-card border border-border bg-surface p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="mic-heading" className="text-lg font-semibold">
          Microphone
        </h2>
        <span className={`flex items-center gap-1.5 text-sm font-medium ${className}`} data-testid="mic-status">
          <Icon className="size-4" aria-hidden />
          {label}
        </span>
      </div>
      {permission !== 'granted' && (
        <div className="space-y-3">
          <p className="text-sm text-muted">{permission === 'denied' ? MESSAGES.micDenied : MESSAGES.micRequired}</p>
          <Button variant="secondary" onClick={onRequest}>
            <Mic className="size-4" aria-hidden />
            {permission === 'denied' ? 'Try Again' : 'Allow Microphone'}
          </Button>
        </div>
      )}
      {permission === 'granted' && !active && (
        <Button variant="secondary" onClick={onRequest}>
          <Mic className="size-4" aria-hidden />
          Turn On Microphone
        </Button>
      )}
      <LevelMeter level={active ? level : 0} />
      <Button
        variant={muted ? 'danger' : 'outline'}
        onClick={onToggleMute}
        disabled={!active}
        aria-pressed={muted}
        className="w-full"
      >
        {muted ? <MicOff className="size-4" aria-hidden /> : <Mic className="size-4" aria-hidden />}
        {muted ? 'Unmute' : 'Mute'}
      </Button>
    </section>
  );
}
