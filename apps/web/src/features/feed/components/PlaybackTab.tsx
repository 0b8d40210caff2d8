import { Spinner } from '../../../components/ui/Spinner';
import { Toggle } from '../../../components/ui/Toggle';
import { toast } from '../../../lib/toast';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { usePlaybackPrefs } from '../playback-prefs';
import { useSavePlaybackPrefs } from '../queries';

/** Settings → Playback: autoplay of related tracks when the queue ends (saved at once). */
export default function PlaybackTab() {
  const prefs = usePlaybackPrefs();
  const save = useSavePlaybackPrefs();
  if (!prefs.data)
    return (
      <div className="grid place-items-center py-16">
        {prefs.isError ? <p className="text-muted">Could not load your settings. Please try again.</p> : <Spinner />}
      </div>
    );
  return (
    <SettingsCard title="Playback" description="What the player does for you.">
      <Toggle
        name="autoplayRelated"
        label="Autoplay related tracks"
        description="When your queue ends, keep playing tracks like the last one"
        checked={save.isPending && save.variables ? save.variables.autoplayRelated : prefs.data.autoplayRelated}
        onChange={(on) =>
          save.mutate(
            { autoplayRelated: on },
            { onSuccess: () => toast.success('Preferences saved'), onError: (e) => toast.error(e.message) },
          )
        }
      />
    </SettingsCard>
  );
}
