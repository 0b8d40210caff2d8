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
import { moreTriggerClass } from './MoreMenu';

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
 * signed out: the contact form about this track). Loaded when More is first pressed (MoreMenu.tsx),
 * and mounted open; `openedByKeyboard`: the key that opened it moves focus to the first item, as
 * Radix does for a menu that was already there.
 */
export function MoreMenuPopup({ track, openedByKeyboard }: { track: TTrack; openedByKeyboard: boolean }) {
  const player = usePlayerControls();
  const navigate = useNavigate();
  const openAddToPlaylist = useOpenAddToPlaylist();
  const trigger = useRef<HTMLButtonElement>(null);
  // "Add to playlist" opens its dialog from More (so closing the dialog returns focus there), and the
  // menu then leaves focus to the dialog.
  const dialogOpened = useRef(false);
  const { user } = useSession();
  const [reporting, setReporting] = useState(false);
  const focusFirstItem = useRef(openedByKeyboard);

  return (
    <>
      <Menu defaultOpen>
        <MenuTrigger ref={trigger} className={moreTriggerClass}>
          <MoreHorizontal className="size-4" aria-hidden /> More
        </MenuTrigger>
        <MenuContent
          aria-label="More actions"
          className="w-56 p-1"
          onFocus={(e) => {
            // Radix focuses the content on opening; a menu opened by a key starts on its first item.
            if (!focusFirstItem.current || e.target !== e.currentTarget) return;
            focusFirstItem.current = false;
            e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
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
