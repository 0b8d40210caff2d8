import { RADIO_MESSAGES } from '@wavecast/shared';
import { Copy, KeyRound, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ChannelCover } from '../components/ChannelCover';
import { ChannelForm } from '../components/ChannelForm';
import { ProgramEditor } from '../components/ProgramEditor';
import { useAir, useDeleteChannel, useManagedChannel, useNewKey, useUpdateChannel } from '../queries';

const failed = (fallback: string) => (e: unknown) => toast.error(e instanceof ApiError ? e.message : fallback);

/** /creator/radio/{id}: a channel's cover and details, program, DJ key and air state. */
export default function ChannelEditorPage() {
  const id = useParams().id ?? '';
  const { data: channel, isPending, error } = useManagedChannel(id);
  const update = useUpdateChannel(id);
  const air = useAir(id);
  const newKey = useNewKey(id);
  const remove = useDeleteChannel();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(null);

  if (isPending) return <Spinner />;
  if (!channel || error) {
    return (
      <div className="py-24 text-center">
        <h1 className="mb-4 text-2xl font-bold">Channel not found</h1>
        <ButtonLink to="/creator/radio">Your channels</ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <PageHeading
        title={channel.name}
        subtitle={<Link to={`/radio/${channel.id}`}>View the channel page</Link>}
        actions={
          <Button
            variant={channel.onAir ? 'outline' : 'primary'}
            disabled={air.isPending}
            onClick={() => air.mutate(!channel.onAir, { onError: failed('Could not change the air state') })}
          >
            <Radio className="size-4" aria-hidden /> {channel.onAir ? 'Take off air' : 'Go on air'}
          </Button>
        }
      />
      <section aria-labelledby="details" className="rounded-card border border-border bg-surface p-5">
        <h2 id="details" className="mb-3 text-lg font-semibold">
          Details
        </h2>
        <div className="mb-5">
          <ChannelCover channel={channel} />
        </div>
        <ChannelForm
          initial={{ name: channel.name, category: channel.category as never, description: channel.description }}
          submitLabel="Save details"
          pending={update.isPending}
          onSubmit={(body) =>
            update.mutate(body, {
              onSuccess: () => toast.success(RADIO_MESSAGES.saved),
              onError: failed('Could not save'),
            })
          }
        />
      </section>
      <section className="rounded-card border border-border bg-surface p-5">
        <ProgramEditor key={channel.id} channel={channel} />
      </section>
      <section aria-labelledby="dj-key" className="space-y-3 rounded-card border border-border bg-surface p-5">
        <h2 id="dj-key" className="text-lg font-semibold">
          DJ key
        </h2>
        <p className="text-sm text-muted">
          A DJ connecting with this key (Icecast, SHOUTcast or RTMP, like a live stream key) takes the channel over
          live; when they leave, the auto-DJ fades back in.
          {channel.keyPrefix && ` Current key: ${channel.keyPrefix}…`}
        </p>
        {secret && (
          <p
            className="flex items-center gap-2 rounded-lg bg-surface-2 p-3 font-mono text-sm break-all"
            data-testid="radio-key"
          >
            {secret}
            <Button
              variant="ghost"
              size="icon"
              aria-label="Copy key"
              onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast.success('Copied'))}
            >
              <Copy className="size-4" aria-hidden />
            </Button>
          </p>
        )}
        <Button
          variant="outline"
          disabled={newKey.isPending}
          onClick={() =>
            newKey.mutate(undefined, {
              onSuccess: (k) => {
                setSecret(k.secret);
                toast.success(k.message);
              },
              onError: failed('Could not make a key'),
            })
          }
        >
          <KeyRound className="size-4" aria-hidden /> {channel.keyPrefix ? 'Regenerate key' : 'Create key'}
        </Button>
      </section>
      <Button
        variant="danger"
        onClick={() =>
          window.confirm(`Delete ${channel.name}?`) &&
          remove.mutate(channel.id, {
            onSuccess: () => {
              toast.success(RADIO_MESSAGES.deleted);
              navigate('/creator/radio');
            },
            onError: failed('Could not delete'),
          })
        }
      >
        <Trash2 className="size-4" aria-hidden /> Delete channel
      </Button>
    </div>
  );
}
