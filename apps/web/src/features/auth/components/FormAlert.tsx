import { AlertCircle } from 'lucide-react';

/** A form-level error line (the server's message, or the spec's fallback). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-2 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-fg"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-error" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
