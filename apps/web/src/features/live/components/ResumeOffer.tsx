import { LIVE_RESUME_MESSAGES, type TMyLiveStream } from '@wavecast/shared';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

/**
 * A reloaded or reopened Go Live page finds the creator's stream still on air: Resume reconnects
 * the microphone to it (same stream, listeners stay, the recording goes on); End stream ends it
 * as End Stream does. `endsAt`: when the server gives up waiting (null: a publisher is connected
 * elsewhere, or the stream is held by another server).
 */
export function ResumeOffer({
  offer,
  endsAt,
  now,
  busy,
  onResume,
  onEnd,
}: {
  offer: TMyLiveStream & { stream: NonNullable<TMyLiveStream['stream']> };
  endsAt: number | null;
  now: number;
  busy: boolean;
  onResume(): void;
  onEnd(): void;
}) {
  const secondsLeft = endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <section
      aria-labelledby="resume-heading"
      className="rounded-card border border-primary/60 bg-primary/10 p-5"
      data-testid="resume-offer"
    >
      <h2 id="resume-heading" className="flex items-center gap-2 text-lg font-semibold">
        <RotateCcw className="size-5 text-primary" aria-hidden /> {LIVE_RESUME_MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm">
        <span className="font-semibold" data-testid="resume-title">
          {offer.stream.title}
        </span>{' '}
        is still on air: listeners stay connected and the recording goes on.
      </p>
      <p className="mt-1 text-sm text-muted" role="timer">
        {offer.publisherConnected
          ? 'It is broadcasting from another tab or window right now.'
          : secondsLeft === null
            ? 'Resume to keep broadcasting.'
            : `It ends in ${secondsLeft} s unless you resume.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onResume} disabled={busy}>
          Resume
        </Button>
        <Button variant="danger" onClick={onEnd} disabled={busy}>
          End stream
        </Button>
      </div>
    </section>
  );
}
