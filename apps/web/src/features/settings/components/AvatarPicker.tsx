import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type TOwnProfile, USER_MESSAGES } from '@wavecast/shared';
import { Camera, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { useRemoveAvatar, useUploadAvatar } from '../queries';

/** The profile picture: initial-letter fallback, upload (JPEG, PNG, WebP up to 5 MB) and remove. */
export function AvatarPicker({ profile, displayName }: { profile: TOwnProfile; displayName: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || !(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast.error(USER_MESSAGES.avatarInvalid);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(USER_MESSAGES.avatarTooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(USER_MESSAGES.avatarUpdated),
      onError: (e) => toast.error(e.message || USER_MESSAGES.avatarFailed),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={profile.avatarUrl} name={displayName || profile.displayName} email={profile.email} size="xl" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={busy}>
            <Camera className="size-4" aria-hidden />
            {upload.isPending ? 'Uploading...' : 'Change Photo'}
          </Button>
          {profile.avatarUrl && (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(USER_MESSAGES.avatarUpdated),
                  onError: () => toast.error(USER_MESSAGES.avatarFailed),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-muted">JPEG, PNG or WebP, up to 5 MB.</p>
        <input
          ref={input}
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture"
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </div>
    </div>
  );
}
