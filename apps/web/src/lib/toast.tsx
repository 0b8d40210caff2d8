import { TOAST_DURATION_MS } from '@wavecast/shared';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts, with sonner kept out of the first load: the first toast loads it and mounts its Toaster
 * (in <ToastHost/>), then every toast asked for meanwhile is shown, in order.
 */
type Kind = 'message' | 'success' | 'error';
const queue: [Kind, string][] = [];
let wanted = false;
let mounted = false;
const listeners = new Set<() => void>();

const sonner = () => import('sonner');
const Toaster = lazy(() => sonner().then((m) => ({ default: m.Toaster })));

function show(kind: Kind, message: string): void {
  queue.push([kind, message]);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  } else if (mounted) void flush();
}

async function flush(): Promise<void> {
  const { toast: sonnerToast } = await sonner();
  for (const [kind, message] of queue.splice(0)) {
    if (kind === 'message') sonnerToast(message);
    else sonnerToast[kind](message);
  }
}

export const toast = Object.assign((message: string) => show('message', message), {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
});

/** Runs after the Toaster beside it subscribed (sibling effects run in order). */
function Flush() {
  useEffect(() => {
    mounted = true;
    void flush();
    return () => {
      mounted = false;
    };
  }, []);
  return null;
}

export function ToastHost() {
  const isWanted = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    // A hydrated first view (ADR 0052) was rendered without toasts.
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={TOAST_DURATION_MS} theme="dark" richColors />
      <Flush />
    </Suspense>
  );
}
