import { DEFAULT_CATEGORY, UPLOAD_CATEGORIES } from '@wavecast/shared';
import { useId } from 'react';

/** Upload categories; an empty choice is stored as 'Uncategorized'. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  const known = (UPLOAD_CATEGORIES as readonly string[]).includes(value) || value === DEFAULT_CATEGORY || !value;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Category
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg focus:border-primary focus:outline-none"
      >
        <option value="">Select a category</option>
        {UPLOAD_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
        {!known && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
