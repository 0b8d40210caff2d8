import { SUPPORT_HOURS, SUPPORT_RESPONSE_TIMES } from '@wavecast/shared';
import { Clock, Mail, MessageCircle, Phone } from 'lucide-react';

const RESPONSE = [
  { icon: Mail, channel: 'Email', time: SUPPORT_RESPONSE_TIMES.email },
  { icon: Phone, channel: 'Phone', time: SUPPORT_RESPONSE_TIMES.phone },
  { icon: MessageCircle, channel: 'Live chat', time: SUPPORT_RESPONSE_TIMES.liveChat },
];

/** Support hours (EST) and response times, from the shared constants. */
export function SupportHours({ stacked = false }: { stacked?: boolean }) {
  return (
    <div
      className={
        stacked ? 'grid content-start gap-4 sm:grid-cols-2 lg:grid-cols-1' : 'grid items-start gap-4 sm:grid-cols-2'
      }
    >
      <section
        aria-labelledby="support-hours-title"
        className="rounded-[var(--radius-card)] border border-border bg-surface p-5"
      >
        <h2 id="support-hours-title" className="flex items-center gap-2 font-semibold">
          <Clock className="size-5 text-primary" aria-hidden />
          Support hours
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {SUPPORT_HOURS.map((h) => (
            <div key={h.days} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-muted">{h.days}</dt>
              <dd className="font-medium">{h.hours}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-labelledby="response-times-title"
        className="rounded-[var(--radius-card)] border border-border bg-surface p-5"
      >
        <h2 id="response-times-title" className="font-semibold">
          Response times
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {RESPONSE.map(({ icon: Icon, channel, time }) => (
            <div key={channel} className="flex flex-wrap items-center justify-between gap-x-4">
              <dt className="flex items-center gap-2 text-muted">
                <Icon className="size-4" aria-hidden />
                {channel}
              </dt>
              <dd className="font-medium">{time}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
