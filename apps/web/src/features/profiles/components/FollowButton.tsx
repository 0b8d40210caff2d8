import type { TProfile } from '@wavecast/shared';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useSession } from '../../auth/session';
import { useFollow } from '../queries';

/** Follow / Following: only for a signed-in user looking at someone else. */
export function FollowButton({ profile }: { profile: TProfile }) {
  const { user } = useSession();
  const follow = useFollow(profile.id);
  if (!user || profile.isSelf || user.id === profile.id) return null;
  const following = profile.isFollowing;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      aria-pressed={following}
      disabled={follow.isPending}
      onClick={() => follow.mutate(!following)}
    >
      {following ? <UserCheck className="size-4" aria-hidden /> : <UserPlus className="size-4" aria-hidden />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
