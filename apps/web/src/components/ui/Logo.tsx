import { APP_NAME } from '@wavecast/shared';
import { AudioLines } from 'lucide-react';
import { Link } from 'react-router';

/** The mark and the name; `nameClassName` lets a crowded bar drop the name (the link keeps its label). */
export function Logo({ nameClassName }: { nameClassName?: string } = {}) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 text-lg font-extrabold tracking-tight"
      aria-label={`${APP_NAME} home`}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-primary">
        <AudioLines className="size-5 text-white" aria-hidden />
      </span>
      <span className={nameClassName}>{APP_NAME}</span>
    </Link>
  );
}
