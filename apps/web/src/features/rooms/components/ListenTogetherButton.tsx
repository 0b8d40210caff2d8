import { Headphones } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useCreateRoom } from '../queries';

/** "Listen together": opens a room starting from this track or playlist, and goes there. */
export function ListenTogetherButton({ source }: { source: { kind: 'track' | 'playlist'; id: string } }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateRoom();
  const open = () => {
    if (!user) return navigate('/login');
    create.mutate(
      { source, visibility: 'link' },
      { onSuccess: (room) => navigate(`/rooms/${room.id}`), onError: (e) => toast.error(e.message) },
    );
  };
  return (
    <button
      type="button"
      onClick={open}
      disabled={create.isPending}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2 disabled:opacity-50"
    >
      <Headphones className="size-4" aria-hidden /> {create.isPending ? 'Opening…' : 'Listen together'}
    </button>
  );
}
