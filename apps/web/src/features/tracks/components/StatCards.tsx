import type { TCreatorStats } from '@wavecast/shared';
import { FileAudio, Headphones, Radio, Users } from 'lucide-react';
import type { ReactNode } from 'react';

function StatCard({ label, value, icon, note }: { label: string; value: string; icon: ReactNode; note?: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4 sm:p-5">
      <div className="flex items-center justify-between text-muted">
        <span className="text-sm font-medium">{label}</span>
        {icon}
      </div>
      <p
        className="mt-2 text-2xl font-bold sm:text-3xl"
        data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
    </div>
  );
}

/** Total Plays, Followers, Audio Content, Live Streams (total, with how many are live now). */
export function StatCards({ stats }: { stats: TCreatorStats | undefined }) {
  const n = (v: number | undefined) => (v ?? 0).toLocaleString();
  const icon = 'size-5';
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Plays" value={n(stats?.totalPlays)} icon={<Headphones className={icon} aria-hidden />} />
      <StatCard label="Followers" value={n(stats?.followers)} icon={<Users className={icon} aria-hidden />} />
      <StatCard
        label="Audio Content"
        value={n(stats?.audioContent)}
        icon={<FileAudio className={icon} aria-hidden />}
      />
      <StatCard
        label="Live Streams"
        value={n(stats?.liveStreams)}
        icon={<Radio className={icon} aria-hidden />}
        note={`${n(stats?.activeLiveStreams)} live now`}
      />
    </div>
  );
}
