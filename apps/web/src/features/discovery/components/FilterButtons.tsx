import { cn } from '../../../lib/cn';

/** A row of toggle buttons; the current value is pressed. */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
            o.value === value
              ? 'border-primary-strong bg-primary-strong text-primary-fg'
              : 'border-border bg-surface text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
