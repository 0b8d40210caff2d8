import type { TDevice } from '@wavecast/shared';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useSignedInDevices, useSignOutDevices } from '../queries';
import { SettingsCard } from './SettingsCard';

const deviceName = (d: TDevice) =>
  [d.browser ?? 'Unknown browser', d.os ? `on ${d.os}` : null].filter(Boolean).join(' ');

/** Settings → Security: the account's signed-in devices; sign out any other one, or all of them. */
export function DevicesCard() {
  const devices = useSignedInDevices();
  const signOut = useSignOutDevices();
  const items = devices.data?.items ?? [];
  const others = items.filter((d) => !d.current);
  const done = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (e: Error) => toast.error(e.message),
  };

  return (
    <SettingsCard
      title="Signed-in devices"
      description="Where your account is signed in. Sign out any device you don't recognise."
    >
      {devices.isPending && <p className="text-sm text-muted">Loading devices…</p>}
      {devices.isError && <p className="text-sm text-error">Couldn't load your devices.</p>}
      <ul className="divide-y divide-border" aria-label="Signed-in devices">
        {items.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
            data-testid="signed-in-device"
          >
            <div>
              <p className="font-medium">
                {deviceName(d)}
                {d.current && (
                  <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary">
                    This device
                  </span>
                )}
              </p>
              <p className="text-muted">
                {d.ipAddress ?? 'Unknown address'} · Last seen{' '}
                <time dateTime={d.lastSeenAt}>{new Date(d.lastSeenAt).toLocaleString()}</time>
              </p>
            </div>
            {!d.current && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Sign out ${deviceName(d)}`}
                disabled={signOut.one.isPending && signOut.one.variables === d.id}
                onClick={() => signOut.one.mutate(d.id, done)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          className="mt-4"
          variant="outline"
          disabled={signOut.others.isPending}
          onClick={() => signOut.others.mutate(undefined, done)}
        >
          Sign out all other devices
        </Button>
      )}
    </SettingsCard>
  );
}
