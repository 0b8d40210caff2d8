import { pluralize, RADIO_MESSAGES, RADIO_PLAYS_DAYS } from '@wavecast/shared';
import { Radio } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { LiveBadge } from '../../live/components/LiveBadge';
import { ChannelForm } from '../components/ChannelForm';
import { useCreateChannel, useMyChannels, useRadioPlays } from '../queries';

/** /creator/radio: the creator's radio channels and a new one. */
export default function CreatorRadioPage() {
  const { data: channels, isPending } = useMyChannels();
  const { data: plays } = useRadioPlays();
  const create = useCreateChannel();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading
        title="Radio channels"
        subtitle="24/7 stations: an auto-DJ plays your playlists; DJs take over live."
      />
      {plays && (
        <p className="mb-6 text-sm text-muted" data-testid="radio-plays">
          Radio plays of your tracks in the last {RADIO_PLAYS_DAYS} days: {plays.total.toLocaleString('en')} (counted
          apart from on-demand plays)
        </p>
      )}
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="my-channels">
          <h2 id="my-channels" className="mb-3 text-lg font-semibold">
            Your channels
          </h2>
          {isPending ? (
            <Spinner />
          ) : !channels?.length ? (
            <EmptyState title={RADIO_MESSAGES.noChannels} icon={<Radio className="size-8" aria-hidden />} />
          ) : (
            <ul className="divide-y divide-border rounded-card border border-border">
              {channels.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <Link to={`/creator/radio/${c.id}`} className="font-semibold hover:underline">
                      {c.name}
                    </Link>
                    <p className="text-sm text-muted">
                      {c.category} · {pluralize(c.listenerCount, 'listener')}
                    </p>
                  </div>
                  {c.onAir ? <LiveBadge /> : <span className="text-xs text-muted uppercase">Off air</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="new-channel" className="rounded-card border border-border bg-surface p-5">
          <h2 id="new-channel" className="mb-3 text-lg font-semibold">
            New channel
          </h2>
          <ChannelForm
            submitLabel="Create channel"
            pending={create.isPending}
            onSubmit={(body) =>
              create.mutate(body, {
                onSuccess: (c) => {
                  toast.success(RADIO_MESSAGES.created);
                  navigate(`/creator/radio/${c.id}`);
                },
                onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Could not create the channel'),
              })
            }
          />
        </section>
      </div>
    </div>
  );
}
