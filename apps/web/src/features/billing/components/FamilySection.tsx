import { zodResolver } from '@hookform/resolvers/zod';
import { BILLING_MESSAGES, type TBilling, type TFamilyMember, ZFamilyInvite } from '@wavecast/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { useInviteFamily, useRemoveFamilyMember } from '../queries';

type Invite = { email: string };

function InviteForm({ full }: { full: boolean }) {
  const invite = useInviteFamily();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Invite>({
    resolver: zodResolver(ZFamilyInvite),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit((data) =>
    invite.mutateAsync(data.email).then(
      () => {
        toast.success(BILLING_MESSAGES.familyInviteSent);
        reset();
      },
      (err: unknown) =>
        setError('email', { message: err instanceof Error ? err.message : 'Could not send the invitation' }),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label="Invite by email"
        type="email"
        autoComplete="off"
        className="flex-1"
        placeholder="name@example.com"
        disabled={full}
        {...register('email')}
        error={errors.email?.message}
      />
      <Button type="submit" disabled={full || invite.isPending} className="sm:mt-6">
        <UserPlus className="size-4" aria-hidden />
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

/** Settings → Billing → Family (the family plan's owner): members, invitations, seats left. */
export function FamilySection({ family }: { family: NonNullable<TBilling['family']> }) {
  const remove = useRemoveFamilyMember();
  const [removing, setRemoving] = useState<TFamilyMember | null>(null);
  const { members, seatsLeft } = family;

  return (
    <SettingsCard
      title="Family"
      description={`${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left. Each member gets Premium with their own library and playlists.`}
    >
      {members.length === 0 ? (
        <p className="mb-4 text-sm text-muted">No one has been invited yet.</p>
      ) : (
        <ul className="mb-5 divide-y divide-border rounded-lg border border-border" aria-label="Family members">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{m.displayName ?? m.email}</p>
                {m.displayName && <p className="truncate text-sm text-muted">{m.email}</p>}
              </div>
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  m.status === 'active' ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
                )}
              >
                {m.status === 'active' ? 'Active' : 'Invited'}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRemoving(m)}
                aria-label={`Remove ${m.displayName ?? m.email}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {seatsLeft === 0 && <p className="mb-3 text-sm text-muted">{BILLING_MESSAGES.familyFull}</p>}
      <InviteForm full={seatsLeft === 0} />
      <ConfirmDialog
        cancelLabel="Keep as is"
        open={removing !== null}
        title="Remove from your family?"
        description={
          removing
            ? `${removing.displayName ?? removing.email} ${removing.status === 'active' ? 'goes back to the free plan' : 'can no longer accept the invitation'}.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        danger
        onClose={() => !remove.isPending && setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`${removing.displayName ?? removing.email} was removed`);
              setRemoving(null);
            },
            onError: (err) => toast.error(err.message || 'Could not remove this member'),
          })
        }
      />
    </SettingsCard>
  );
}
