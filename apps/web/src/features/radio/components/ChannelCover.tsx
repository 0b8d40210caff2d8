import { RADIO_MESSAGES, type TRadioChannelDetail } from '@wavecast/shared';
import { ImagePlus, Radio, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useCoverImageInput } from '../../../components/ui/CoverImageInput';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSetChannelCover } from '../queries';

/** The channel's cover in its editor: choose an image (JPEG, PNG or WebP; the server squares it) or remove it. */
export function ChannelCover({ channel }: { channel: TRadioChannelDetail }) {
  const setCover = useSetChannelCover(channel.id);
  const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.message : 'Could not change the cover');
  const picker = useCoverImageInput((file) =>
    setCover.mutate(file, { onSuccess: () => toast.success(RADIO_MESSAGES.coverSaved), onError: failed }),
  );

  return (
    <div className="flex items-center gap-4">
      <div className="relative size-24 shrink-0 overflow-hidden rounded-card bg-surface-2">
        {channel.coverUrl ? (
          <img src={channel.coverUrl} alt="Channel cover" className="size-full object-cover" />
        ) : (
          <span className="grid size-full place-items-center">
            <Radio className="size-8 text-muted" aria-hidden />
          </span>
        )}
        {setCover.isPending && (
          <div className="absolute inset-0 grid place-items-center bg-black/60">
            <Spinner />
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={setCover.isPending} onClick={picker.open}>
          <ImagePlus className="size-4" aria-hidden /> {channel.coverUrl ? 'Change cover' : 'Add cover'}
        </Button>
        {channel.coverUrl && (
          <Button
            variant="ghost"
            disabled={setCover.isPending}
            onClick={() =>
              setCover.mutate(null, { onSuccess: () => toast.success(RADIO_MESSAGES.coverRemoved), onError: failed })
            }
          >
            <Trash2 className="size-4" aria-hidden /> Remove cover
          </Button>
        )}
        {picker.input}
      </div>
    </div>
  );
}
