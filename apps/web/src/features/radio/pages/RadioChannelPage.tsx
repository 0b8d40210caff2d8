import { useQueryClient } from '@tanstack/react-query';
import { pluralize, radioPaths } from '@wavecast/shared';
import { ListMusic, Radio, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { profilePath } from '../../../lib/profilePath';
import { LiveBadge } from '../../live/components/LiveBadge';
import { LiveChat } from '../../live/components/LiveChat';
import { LivePlayer } from '../../live/components/LivePlayer';
import { useLiveStream } from '../../live/queries';
import { ShareButton } from '../../share/ShareButton';
import { RadioHistory } from '../components/RadioHistory';
import { RadioNowPlaying } from '../components/RadioNowPlaying';
import { radioKeys, useRadioChannel } from '../queries';

/**
 * /radio/{id}: a radio channel. On air it plays in the live player (the channel's relay stream:
 * MSE or LL-HLS), with now playing, the played history, listeners and the live chat.
 */
export default function RadioChannelPage() {
  const { id } = useParams();
  const { data: channel, isPending, error } = useRadioChannel(id);
  const { data: stream } = useLiveStream(channel?.onAir ? (channel.streamId ?? undefined) : undefined);
  // The stream's ICY/HLS title changes at every boundary too (live.nowPlaying): the channel's
  // answer (artwork, track id for like/open) and its history are asked again then as well.
  const qc = useQueryClient();
  const streamTitle = stream?.nowPlaying;
  useEffect(() => {
    if (!id || streamTitle === undefined) return;
    void qc.invalidateQueries({ queryKey: radioKeys.channel(id) });
    void qc.invalidateQueries({ queryKey: radioKeys.history(id) });
  }, [id, qc, streamTitle]);

  if (isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  if (!channel || error) {
    return (
      <div className="mx-auto max-w-md py-24 text-center">
        <Radio className="mx-auto mb-4 size-12 text-muted" aria-hidden />
        <h1 className="mb-2 text-2xl font-bold">Channel not found</h1>
        <p className="mb-6 text-muted">This radio channel doesn't exist or has been removed.</p>
        <ButtonLink to="/explore/live">Browse Live Streams</ButtonLink>
      </div>
    );
  }
  const ownerName = channel.owner.displayName;
  // The system's media controls follow the channel's now playing: the track (its cover) or the DJ.
  const np = channel.nowPlaying;
  const media = np
    ? { title: np.title, artist: np.artist, album: channel.name, artworkUrl: np.artworkUrl ?? channel.coverUrl }
    : null;

  return (
    <section className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <header className="flex flex-wrap items-start gap-5">
          {channel.coverUrl ? (
            <img src={channel.coverUrl} alt="" className="size-32 rounded-card object-cover shadow" />
          ) : (
            <div className="grid size-32 place-items-center rounded-card bg-surface-2">
              <Radio className="size-10 text-muted" aria-hidden />
            </div>
          )}
          <div className="min-w-0 flex-1 space-y-3">
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
              {channel.onAir ? (
                <LiveBadge />
              ) : (
                <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-bold tracking-wider uppercase">
                  Off air
                </span>
              )}
              <span className="rounded-full border border-border px-2.5 py-0.5 text-xs">{channel.category}</span>
              <span className="flex items-center gap-1" data-testid="radio-listener-count">
                <Users className="size-4" aria-hidden />
                {pluralize(channel.listenerCount, 'listener')}
              </span>
            </div>
            <h1 className="text-3xl font-bold tracking-tight break-words">{channel.name}</h1>
            <div className="flex flex-wrap items-center gap-3">
              <Link to={profilePath(channel.owner)} className="inline-flex items-center gap-3 hover:underline">
                <Avatar src={channel.owner.avatarUrl} name={ownerName} />
                <span className="font-semibold">{ownerName}</span>
              </Link>
              {/* A public channel's embed plays it on other sites, on air or not ("Off air" until it is). */}
              <ShareButton
                target={{
                  kind: 'radio',
                  id: channel.id,
                  title: channel.name,
                  path: radioPaths.page(channel.id),
                  embeddable: true,
                }}
              />
            </div>
          </div>
        </header>

        <RadioNowPlaying nowPlaying={channel.nowPlaying} />
        {channel.onAir && stream ? (
          <LivePlayer stream={stream} media={media} />
        ) : !channel.onAir ? (
          <p className="rounded-card border border-border bg-surface p-5 text-muted" role="status">
            This channel is off air. It will play here as soon as {ownerName} puts it back on air.
          </p>
        ) : null}

        {channel.onAir && (
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
            <ListMusic className="size-4" aria-hidden /> Listen in your player:
            <a href={radioPaths.listen(channel.id, 'm3u')} className="underline hover:text-fg">
              M3U
            </a>
            <a href={radioPaths.listen(channel.id, 'pls')} className="underline hover:text-fg">
              PLS
            </a>
            <a href={radioPaths.rss(channel.id)} className="underline hover:text-fg">
              RSS
            </a>
          </p>
        )}
        {channel.description && (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-2 text-lg font-semibold">
              About this channel
            </h2>
            <p className="whitespace-pre-wrap text-muted">{channel.description}</p>
          </section>
        )}
        <RadioHistory channelId={channel.id} />
      </div>
      {stream && <LiveChat streamId={stream.id} open={channel.onAir} canManage={stream.canManage} recorded={false} />}
    </section>
  );
}
