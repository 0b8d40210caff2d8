import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatTime,
  LIVE_CATEGORIES,
  LIVE_DESCRIPTION_MAX_LENGTH,
  LIVE_MAX_TAGS,
  LIVE_TAG_MAX_LENGTH,
  LIVE_TITLE_MAX_LENGTH,
  MESSAGES,
  normalizeLiveTags,
  type TCreateLiveStream,
  ZCreateLiveStream,
} from '@wavecast/shared';
import { Clock, ExternalLink, Radio, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Select } from '../../../components/ui/Select';
import { TagInput } from '../../../components/ui/TagInput';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { LiveAllowance } from '../components/LiveAllowance';
import { LiveBadge } from '../components/LiveBadge';
import { LiveChat } from '../components/LiveChat';
import { MicrophonePanel } from '../components/MicrophonePanel';
import { RecordingPanel } from '../components/RecordingPanel';
import { ResumeOffer } from '../components/ResumeOffer';
import { StatCard } from '../components/StatCard';
import { useBroadcast } from '../hooks/useBroadcast';
import { useLiveAllowance } from '../hooks/useLiveAllowance';
import { useMicrophone } from '../hooks/useMicrophone';
import { useNow } from '../hooks/useNow';
import { useEndLiveStream, useLiveStream, useMyLiveStream } from '../queries';

const StreamKeysCard = lazy(() => import('../components/StreamKeysCard'));

/** /creator/live: set up the stream, check the microphone, go live for real, end it. */
export default function GoLivePage() {
  // The shared contract the server checks (its messages are the spec's): a field says what is
  // wrong once left, then as it changes.
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<TCreateLiveStream, unknown, (typeof ZCreateLiveStream)['_zod']['output']>({
    resolver: zodResolver(ZCreateLiveStream),
    // No category chosen yet: the contract refuses '' with the spec's message.
    defaultValues: { title: '', description: '', category: '' as TCreateLiveStream['category'], tags: [] },
    mode: 'onTouched',
  });
  const [wentLive, setWentLive] = useState<string | null>(null);
  const mic = useMicrophone();
  const broadcast = useBroadcast();
  const categoryId = useId();
  const { phase } = broadcast;
  const isLive = phase === 'live' || phase === 'ending';
  const busy = phase !== 'idle';
  const now = useNow(isLive);
  const streamId = broadcast.stream?.id;
  const { data: liveStream } = useLiveStream(isLive ? streamId : undefined);
  const liveSecondsLeft = useLiveAllowance(phase);

  // Reloaded or reopened mid-broadcast: the stream still on air is offered to resume.
  const mine = useMyLiveStream(phase === 'idle');
  const endOffered = useEndLiveStream();
  const [handledOffer, setHandledOffer] = useState<string | null>(null);
  const offer =
    mine.data?.stream && mine.data.stream.id !== handledOffer ? { ...mine.data, stream: mine.data.stream } : null;
  const offerEndsAt = offer && offer.graceMsLeft !== null ? mine.dataUpdatedAt + offer.graceMsLeft : null;
  const clock = useNow(!!offer && phase === 'idle');

  const categoryError = errors.category?.message;
  const ready = isValid && mic.permission === 'granted';

  useEffect(() => {
    if (phase === 'live' && streamId) setWentLive(streamId);
  }, [phase, streamId]);

  // Closing the tab while live would cut listeners off: ask first.
  useEffect(() => {
    if (!isLive) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isLive]);

  const goLive = handleSubmit(async (details) => {
    if (!ready) return;
    const stream = mic.stream ?? (await mic.acquire({ quiet: true }));
    if (!stream) return;
    setWentLive(null);
    await broadcast.start(details, stream);
  });

  const resumeOffered = async () => {
    if (!offer) return;
    const { stream } = offer;
    const micStream = mic.stream ?? (await mic.acquire({ quiet: true }));
    if (!micStream) {
      toast.error(MESSAGES.micRequired);
      return;
    }
    setHandledOffer(stream.id);
    setWentLive(null);
    reset({
      title: stream.title,
      description: stream.description ?? '',
      category: stream.category as TCreateLiveStream['category'],
      tags: stream.tags,
    });
    if (!(await broadcast.resume(stream, micStream))) {
      setHandledOffer(null);
      void mine.refetch();
    }
  };

  const endOfferedStream = async () => {
    if (!offer) return;
    const id = offer.stream.id;
    try {
      await endOffered.mutateAsync(id);
      setHandledOffer(id);
      setWentLive(id);
      toast.success(MESSAGES.liveEnded);
    } catch {
      toast.error(MESSAGES.liveEndFailed);
    }
    void mine.refetch();
  };

  const endStream = async () => {
    if (await broadcast.end()) mic.stop();
  };

  const duration = broadcast.liveSince ? (now - broadcast.liveSince) / 1000 : 0;
  const viewers = isLive ? (liveStream?.viewerCount ?? 0) : 0;

  return (
    <section>
      <PageHeading
        title="Go Live"
        subtitle="Broadcast live audio to your listeners, straight from your browser."
        actions={isLive ? <LiveBadge className="text-sm" /> : undefined}
      />
      {offer && phase === 'idle' && (
        <div className="mb-6">
          <ResumeOffer
            offer={offer}
            endsAt={offerEndsAt}
            now={clock}
            busy={endOffered.isPending}
            onResume={() => void resumeOffered()}
            onEnd={() => void endOfferedStream()}
          />
        </div>
      )}
      {/* Phones: details, microphone, controls, chat. Desktop: two columns. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="details-heading"
          className="space-y-4 rounded-card border border-border bg-surface p-5"
        >
          <h2 id="details-heading" className="text-lg font-semibold">
            Stream Details
          </h2>
          <TextField
            label="Stream Title"
            {...register('title')}
            error={errors.title?.message}
            maxLength={LIVE_TITLE_MAX_LENGTH}
            placeholder="What's your stream about?"
            disabled={busy}
            required
          />
          <TextAreaField
            label="Description"
            {...register('description')}
            error={errors.description?.message}
            maxLength={LIVE_DESCRIPTION_MAX_LENGTH}
            rows={3}
            placeholder="Tell listeners what to expect"
            disabled={busy}
          />
          <div>
            <label htmlFor={categoryId} className="mb-1 block text-sm font-medium">
              Category
            </label>
            <Select
              id={categoryId}
              {...register('category')}
              aria-invalid={categoryError ? true : undefined}
              disabled={busy}
              required
              className="w-full"
            >
              <option value="">Select a category</option>
              {LIVE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
            {categoryError && (
              <p className="mt-1 text-sm text-error" role="alert">
                {categoryError}
              </p>
            )}
          </div>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagInput
                tags={field.value ?? []}
                onChange={field.onChange}
                disabled={busy}
                max={LIVE_MAX_TAGS}
                maxLength={LIVE_TAG_MAX_LENGTH}
                normalize={(current, text) => normalizeLiveTags([...current, text])}
              />
            )}
          />
        </section>

        <MicrophonePanel
          permission={mic.permission}
          active={!!mic.stream}
          muted={mic.muted}
          level={mic.level}
          onRequest={() => void mic.acquire()}
          onToggleMute={mic.toggleMute}
        />

        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard icon={Users} label="Viewers" value={String(viewers)} testId="live-viewers" />
            <StatCard icon={Clock} label="Duration" value={formatTime(duration)} testId="live-duration" />
          </div>

          <div className="flex flex-wrap items-center gap-4">
            {isLive ? (
              <Button variant="danger" size="lg" onClick={endStream} disabled={phase === 'ending'}>
                End Stream
              </Button>
            ) : (
              <Button size="lg" onClick={goLive} disabled={!ready || phase === 'connecting' || liveSecondsLeft === 0}>
                <Radio className="size-5" aria-hidden />
                {phase === 'connecting' ? 'Connecting...' : 'Go Live'}
              </Button>
            )}
            {isLive && broadcast.reconnecting && (
              <p className="text-sm text-warning" role="status">
                Connection lost, reconnecting...
              </p>
            )}
            {isLive && streamId && (
              <Link
                to={`/live/${streamId}`}
                target="_blank"
                className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                Open your stream page <ExternalLink className="size-4" aria-hidden />
              </Link>
            )}
          </div>
          <LiveAllowance
            secondsLeft={liveSecondsLeft}
            liveSince={broadcast.liveSince}
            endsAt={broadcast.allowanceEndsAt}
            now={now}
          />
          {!isLive && wentLive && <RecordingPanel streamId={wentLive} />}
          <Suspense fallback={null}>
            <StreamKeysCard />
          </Suspense>
        </div>

        {isLive && streamId && (
          <LiveChat streamId={streamId} open canManage={!!liveStream?.canManage} recorded={!!liveStream?.isRecorded} />
        )}
      </div>
    </section>
  );
}
