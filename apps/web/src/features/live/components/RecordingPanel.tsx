import { formatTime } from '@wavecast/shared';
import { CheckCircle2, Disc3 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useLiveStream, usePublishRecording } from '../queries';

/**
 * After End Stream: the recording becomes a private draft; one click publishes it, with or without
 * the chat as comments (the host's choice: chatters wrote for the live moment).
 */
export function RecordingPanel({ streamId }: { streamId: string }) {
  const { data: stream } = useLiveStream(streamId);
  const publish = usePublishRecording();
  const [keepChat, setKeepChat] = useState(true);
  const rec = stream?.recording;
  return (
    <section aria-labelledby="recording-heading" className="rounded-card border border-border bg-surface p-5">
      <h2 id="recording-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Disc3 className="size-5 text-primary" aria-hidden /> Your recording
      </h2>
      {stream && !stream.isRecorded ? (
        <p className="text-sm text-muted" data-testid="recording-status">
          Nothing was recorded: the broadcast ended before half a second of audio arrived.
        </p>
      ) : !rec ? (
        <p className="flex items-center gap-3 text-sm text-muted" data-testid="recording-status">
          <Spinner className="size-5" /> Preparing your recording...
        </p>
      ) : (
        <div className="space-y-3" data-testid="recording-status">
          <p className="text-sm">
            <Link to={`/audio/${rec.trackId}`} className="font-semibold text-primary hover:underline">
              {stream?.title}
            </Link>{' '}
            <span className="text-muted">({formatTime(rec.duration)})</span>{' '}
            {rec.isPublic ? 'is published.' : 'is saved as a private draft.'}
          </p>
          {rec.isPublic ? (
            <p className="flex items-center gap-2 text-sm text-success">
              <CheckCircle2 className="size-4" aria-hidden /> Listeners can now play it.
            </p>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={keepChat}
                  onChange={(e) => setKeepChat(e.target.checked)}
                  className="size-4 accent-primary"
                />
                Keep the live chat as comments on the recording
              </label>
              <Button
                onClick={() =>
                  publish.mutate(
                    { id: streamId, keepChat },
                    {
                      onSuccess: () => toast.success('Recording published!'),
                      onError: (e) =>
                        toast.error(e instanceof ApiError ? e.message : 'Failed to publish the recording'),
                    },
                  )
                }
                disabled={publish.isPending}
              >
                {publish.isPending ? 'Publishing...' : 'Publish Recording'}
              </Button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
