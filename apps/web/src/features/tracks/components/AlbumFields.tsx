import { ALBUM_KIND_LABELS, ALBUM_KINDS, type AlbumKind } from '@wavecast/shared';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';

export interface AlbumDraft {
  on: boolean;
  title: string;
  kind: AlbumKind;
  releaseDate: string;
  error?: string;
}

/** Batch upload: release the files, in their order, as an album or EP (the cover is the album's). */
export function AlbumFields({
  album,
  disabled,
  onChange,
}: {
  album: AlbumDraft;
  disabled: boolean;
  onChange: (album: AlbumDraft) => void;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-border p-4">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={album.on}
          disabled={disabled}
          onChange={(e) => onChange({ ...album, on: e.target.checked })}
          className="size-4 accent-primary"
        />
        Release these tracks as an album or EP
      </label>
      {album.on && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Album title"
            value={album.title}
            disabled={disabled}
            maxLength={200}
            error={album.error}
            onChange={(e) => onChange({ ...album, title: e.target.value, error: undefined })}
          />
          <div>
            <label htmlFor="album-kind" className="mb-1 block text-sm font-medium">
              Type
            </label>
            <Select
              id="album-kind"
              value={album.kind}
              disabled={disabled}
              onChange={(e) => onChange({ ...album, kind: e.target.value as AlbumKind })}
            >
              {ALBUM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ALBUM_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </div>
          <TextField
            label="Release date"
            type="date"
            value={album.releaseDate}
            disabled={disabled}
            onChange={(e) => onChange({ ...album, releaseDate: e.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
