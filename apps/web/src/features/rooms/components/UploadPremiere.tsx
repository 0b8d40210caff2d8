import { localInput } from '../lib/local-time';

/**
 * The upload form's premiere option (ADR 0058): a time for the track's first play. The server
 * checks it with the premiere route's rules before it stores the upload (a bad time: nothing saved);
 * the track stays hidden until then and starts once processed.
 */
export function UploadPremiere({
  value,
  onChange,
  disabled,
}: {
  /** The local time chosen (`datetime-local`), or null: no premiere. */
  value: string | null;
  onChange(value: string | null): void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? localInput(60) : null)}
          className="size-4 accent-primary"
        />
        Schedule a premiere
      </label>
      {value !== null && (
        <label className="block text-sm font-medium">
          Premiere time
          <input
            type="datetime-local"
            value={value}
            min={localInput(1)}
            onChange={(e) => onChange(e.target.value)}
            required
            className="mt-1 block h-10 rounded-lg border border-border bg-bg px-3"
          />
          <span className="mt-1 block text-xs font-normal text-muted">
            The track stays hidden until then; everyone in the waiting room starts it at the same moment.
          </span>
        </label>
      )}
    </fieldset>
  );
}
