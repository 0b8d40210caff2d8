import type { TTrack } from '@wavecast/shared';
import { CirclePlus, Flag, ListEnd, MoreHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/Menu';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { usePlayerControls } from '../../player/PlayerProvider';
import { useOpenAddToPlaylist } from '../../playlists/components/AddToPlaylistMenu';

/** The contact form prefilled for reporting this track: moderators see which track and its link. */
function reportQuery(track: Pick<TTrack, 'id' | 'title'>, origin = window.location.origin): string {
  return new URLSearchParams({
    category: 'content',
    subject: `Report: ${track.title}`,
    message: `Track: ${origin}/audio/${track.id}\n\nWhat is wrong with it: `,
  }).toString();
}

/**
 * More: add to queue, add to playlist, report (signed in: a report for the moderators' queue;
 * signed out: the contact form about this track).
 */
export function MoreMenu({ track }: { track: TTrack }) {
  const player = usePlayerControls();
  const navigate = useNavigate();
  const openAddToPlaylist = useOpenAddToPlaylist();
  const trigger = useRef<HTMLButtonElement>(null);
  // "Add to playlist" opens its dialog from More (so closing the dialog returns focus there), and the
  // menu then leaves focus to the dialog.
  const dialogOpened = useRef(false);
  const { user } = useSession();
  const [reporting, setReporting] = useState(false);

  return (
    <>
      <Menu>
        <MenuTrigger
          ref={trigger}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary data-[state=open]:bg-surface-2"
        >
          <MoreHorizontal className="size-4" aria-hidden /> More
        </MenuTrigger>
        <MenuContent
          aria-label="More actions"
          className="w-56 p-1"
          onCloseAutoFocus={(e) => {
            if (!dialogOpened.current) return;
            dialogOpened.current = false;
            e.preventDefault();
          }}
        >
          <MenuItem
            onSelect={() => {
              player.addToQueue(track);
              toast.success('Added to queue');
            }}
          >
            <ListEnd className="size-5 shrink-0" aria-hidden /> Add to queue
          </MenuItem>
          <MenuItem
            onSelect={() => {
              dialogOpened.current = true;
              trigger.current?.focus();
              openAddToPlaylist(track);
            }}
          >
            <CirclePlus className="size-5 shrink-0" aria-hidden /> Add to playlist
          </MenuItem>
          <MenuItem
            onSelect={() => {
              if (!user) return navigate(`/support/contact?${reportQuery(track)}`);
              dialogOpened.current = true;
              trigger.current?.focus();
              setReporting(true);
            }}
          >
            <Flag className="size-5 shrink-0" aria-hidden /> Report
          </MenuItem>
        </MenuContent>
      </Menu>
      {user && (
        <ReportDialog open={reporting} onClose={() => setReporting(false)} targetType="track" targetId={track.id} />
      )}
    </>
  );
}
