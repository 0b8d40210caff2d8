import { BILLING_MESSAGES } from '@wavecast/shared';
import { Users } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useAcceptFamily } from '../queries';
import { BILLING_TAB } from '../useChoosePlan';

/** /family/join?token=…: where a family invitation's email leads (accept it signed in). */
export default function FamilyJoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptFamily();

  const join = () =>
    accept.mutate(token, {
      onSuccess: () => {
        toast.success(BILLING_MESSAGES.familyJoined);
        navigate(BILLING_TAB);
      },
      onError: (err) => toast.error(err.message || BILLING_MESSAGES.familyInviteInvalid),
    });

  return (
    <section className="mx-auto max-w-md py-10 text-center">
      <div className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-primary/20 text-primary">
        <Users className="size-7" aria-hidden />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">Join a Family Plan</h1>
      {!token ? (
        <p className="mt-3 text-muted" role="alert">
          {BILLING_MESSAGES.familyInviteInvalid}
        </p>
      ) : user ? (
        <>
          <p className="mt-3 text-muted">
            You have been invited to a Family Plan: Premium listening, ad-free and in HD, on your own account (
            {user.email}).
          </p>
          {accept.isError && (
            <p className="mt-3 text-error" role="alert">
              {accept.error.message}
            </p>
          )}
          <Button size="lg" className="mt-6" onClick={join} disabled={accept.isPending}>
            {accept.isPending ? 'Joining...' : 'Accept invitation'}
          </Button>
        </>
      ) : (
        <>
          <p className="mt-3 text-muted">
            You have been invited to a Family Plan. Log in with the email address the invitation was sent to, then
            accept it here.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/login" state={{ from: location.pathname + location.search }} size="lg">
              Log in to accept
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-muted">
            No account yet?{' '}
            <Link to="/signup" className="font-medium text-primary hover:underline">
              Sign up
            </Link>{' '}
            with that address, then open the invitation link again.
          </p>
        </>
      )}
    </section>
  );
}
