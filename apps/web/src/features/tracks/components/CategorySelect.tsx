import { DEFAULT_CATEGORY, UPLOAD_CATEGORIES } from '@wavecast/shared';
import { useId } from 'react';
import { Select } from '../../../components/ui/Select';

/** Upload categories; an empty choice is stored as 'Uncategorized'. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  const known = (UPLOAD_CATEGORIES as readonly string[]).includes(value) || value === DEFAULT_CATEGORY || !value;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Category
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="w-full">
        <option value="">Select a category</option>
        {UPLOAD_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
        {!known && <option value={value}>{value}</option>}
      </Select>
    </div>
  );
}
