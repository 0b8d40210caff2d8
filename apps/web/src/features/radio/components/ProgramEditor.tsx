import { useQuery } from '@tanstack/react-query';
import {
  RADIO_DAYS,
  RADIO_DEFAULTS,
  type TPage,
  type TRadioChannelDetail,
  type TRadioProgram,
  type TRadioSlot,
  type TTrack,
  ZRadioProgram,
} from '@wavecast/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { Toggle } from '../../../components/ui/Toggle';
import { ApiError, api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useMyPlaylists } from '../../playlists/queries';
import { useSaveProgram } from '../queries';

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutesOf = (s: string) => {
  const [h, m] = s.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** The channel's program: rotations (own playlists, weights), weekly show slots, jingles and rules. */
export function ProgramEditor({ channel }: { channel: TRadioChannelDetail }) {
  const p = channel.program;
  const [program, setProgram] = useState<TRadioProgram>({
    rotations: p.rotations.map(({ playlistId, weight }) => ({ playlistId, weight })),
    slots: p.slots.map((s) => ({ ...s, playlistId: s.playlistId ?? null })),
    jingleTrackIds: p.jingles.map((j) => j.trackId),
    jingleEverySongs: p.jingleEverySongs,
    jingleEveryMinutes: p.jingleEveryMinutes,
    artistSeparation: p.artistSeparation,
    trackSeparationHours: p.trackSeparationHours,
    djGraceSeconds: p.djGraceSeconds,
    djOnlyInSlot: p.djOnlyInSlot,
    goingLiveJingleTrackId: p.goingLiveJingleTrackId,
  });
  const [error, setError] = useState<string | null>(null);
  // Stable keys for the slot rows (their fields change while edited).
  const [slotKeys, setSlotKeys] = useState(() => p.slots.map((_, i) => i));
  const { data: playlists } = useMyPlaylists();
  const { data: tracks } = useQuery({
    queryKey: ['radio', 'own-tracks'],
    queryFn: async () => (await api<TPage<TTrack>>('/api/me/tracks?limit=50')).items,
  });
  const save = useSaveProgram(channel.id);
  const set = (patch: Partial<TRadioProgram>) => setProgram((cur) => ({ ...cur, ...patch }));
  const unused = (playlists?.items ?? []).filter((pl) => !program.rotations.some((r) => r.playlistId === pl.id));
  const nameOf = (id: string) => playlists?.items.find((pl) => pl.id === id)?.name ?? 'Playlist';
  const slots = program.slots as TRadioSlot[];

  return (
    <form
      className="space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZRadioProgram.safeParse(program);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the program');
        setError(null);
        save.mutate(program, {
          onSuccess: () => toast.success('Program saved'),
          onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not save the program'),
        });
      }}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Rotation</legend>
        <p className="text-sm text-muted">Your playlists the auto-DJ draws from; a higher weight plays more often.</p>
        <ul className="space-y-2" data-testid="radio-rotations">
          {program.rotations.map((r, i) => (
            <li key={r.playlistId} className="flex items-center gap-3">
              <span className="min-w-0 flex-1 truncate">{nameOf(r.playlistId)}</span>
              <label className="flex items-center gap-2 text-sm">
                Weight
                <input
                  type="number"
                  min={1}
                  max={100}
                  value={r.weight}
                  className="w-20 rounded-lg border border-border bg-bg px-2 py-1"
                  onChange={(e) =>
                    set({
                      rotations: program.rotations.map((x, j) =>
                        j === i ? { ...x, weight: Number(e.target.value) } : x,
                      ),
                    })
                  }
                />
              </label>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${nameOf(r.playlistId)}`}
                onClick={() => set({ rotations: program.rotations.filter((_, j) => j !== i) })}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        {unused.length > 0 && (
          <Select
            aria-label="Add a playlist to the rotation"
            value=""
            onChange={(e) =>
              e.target.value && set({ rotations: [...program.rotations, { playlistId: e.target.value, weight: 1 }] })
            }
          >
            <option value="">Add a playlist…</option>
            {unused.map((pl) => (
              <option key={pl.id} value={pl.id}>
                {pl.name}
              </option>
            ))}
          </Select>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="No artist repeat within (tracks)"
            type="number"
            min={0}
            value={program.artistSeparation}
            onChange={(e) => set({ artistSeparation: Number(e.target.value) })}
          />
          <TextField
            label="No track repeat within (hours)"
            type="number"
            min={0}
            value={program.trackSeparationHours}
            onChange={(e) => set({ trackSeparationHours: Number(e.target.value) })}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Weekly shows (UTC)</legend>
        <ul className="space-y-2">
          {slots.map((s, i) => (
            <li key={slotKeys[i]} className="flex flex-wrap items-center gap-2 text-sm">
              <input
                aria-label="Show title"
                value={s.title}
                className="w-40 rounded-lg border border-border bg-bg px-2 py-1"
                onChange={(e) => set({ slots: slots.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })}
              />
              <Select
                size="xs"
                aria-label="Day"
                value={s.day}
                onChange={(e) =>
                  set({ slots: slots.map((x, j) => (j === i ? { ...x, day: Number(e.target.value) } : x)) })
                }
              >
                {RADIO_DAYS.map((d, n) => (
                  <option key={d} value={n}>
                    {d}
                  </option>
                ))}
              </Select>
              <input
                type="time"
                aria-label="Starts at"
                value={hhmm(s.startMinute)}
                className="rounded-lg border border-border bg-bg px-2 py-1"
                onChange={(e) =>
                  set({ slots: slots.map((x, j) => (j === i ? { ...x, startMinute: minutesOf(e.target.value) } : x)) })
                }
              />
              <input
                type="number"
                aria-label="Minutes"
                min={15}
                value={s.durationMinutes}
                className="w-20 rounded-lg border border-border bg-bg px-2 py-1"
                onChange={(e) =>
                  set({ slots: slots.map((x, j) => (j === i ? { ...x, durationMinutes: Number(e.target.value) } : x)) })
                }
              />
              <Select
                size="xs"
                aria-label="Plays"
                value={s.kind === 'dj' ? 'dj' : (s.playlistId ?? '')}
                onChange={(e) =>
                  set({
                    slots: slots.map((x, j) =>
                      j === i
                        ? e.target.value === 'dj'
                          ? { ...x, kind: 'dj', playlistId: null }
                          : { ...x, kind: 'playlist', playlistId: e.target.value || null }
                        : x,
                    ),
                  })
                }
              >
                <option value="dj">Reserved for a DJ</option>
                {(playlists?.items ?? []).map((pl) => (
                  <option key={pl.id} value={pl.id}>
                    Playlist: {pl.name}
                  </option>
                ))}
              </Select>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${s.title}`}
                onClick={() => {
                  set({ slots: slots.filter((_, j) => j !== i) });
                  setSlotKeys(slotKeys.filter((_, j) => j !== i));
                }}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setSlotKeys([...slotKeys, Math.max(0, ...slotKeys) + 1]);
            set({
              slots: [
                ...slots,
                { title: 'New show', day: 1, startMinute: 20 * 60, durationMinutes: 60, kind: 'dj', playlistId: null },
              ],
            });
          }}
        >
          <Plus className="size-4" aria-hidden /> Add a show
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Jingles</legend>
        <div className="flex flex-wrap gap-2">
          {(tracks ?? []).map((t) => {
            const on = program.jingleTrackIds.includes(t.id);
            return (
              <label key={t.id} className="flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() =>
                    set({
                      jingleTrackIds: on
                        ? program.jingleTrackIds.filter((x) => x !== t.id)
                        : [...program.jingleTrackIds, t.id],
                    })
                  }
                />
                {t.title}
              </label>
            );
          })}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="A jingle every (songs)"
            type="number"
            min={1}
            value={program.jingleEverySongs ?? ''}
            onChange={(e) => set({ jingleEverySongs: numberOrNull(e.target.value) })}
          />
          <TextField
            label="A jingle every (minutes)"
            type="number"
            min={1}
            value={program.jingleEveryMinutes ?? ''}
            onChange={(e) => set({ jingleEveryMinutes: numberOrNull(e.target.value) })}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-lg font-semibold">Live DJs</legend>
        <TextField
          label={`Grace after a DJ leaves (seconds, default ${RADIO_DEFAULTS.djGraceSeconds})`}
          type="number"
          min={0}
          value={program.djGraceSeconds}
          onChange={(e) => set({ djGraceSeconds: Number(e.target.value) })}
        />
        <Toggle
          label="DJs only in their show slot"
          description="A DJ key is refused outside the shows reserved for a DJ."
          checked={program.djOnlyInSlot}
          onChange={(djOnlyInSlot) => set({ djOnlyInSlot })}
        />
        <div className="space-y-1 text-sm">
          <label htmlFor="radio-going-live-jingle" className="block font-medium">
            Going-live jingle
          </label>
          <Select
            id="radio-going-live-jingle"
            className="w-full"
            aria-describedby="radio-going-live-hint"
            value={program.goingLiveJingleTrackId ?? ''}
            onChange={(e) => set({ goingLiveJingleTrackId: e.target.value || null })}
          >
            <option value="">None</option>
            {(tracks ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Select>
          <p id="radio-going-live-hint" className="text-muted">
            Played when a DJ takes over, between the auto-DJ's fade-out and the DJ.
          </p>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        Save program
      </Button>
    </form>
  );
}
