import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@wavecast/shared';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { FullScreenSpinner } from './components/ui/Spinner';
import { SessionProvider, useSession } from './features/auth/session';
import { PlayerProvider } from './features/player/PlayerProvider';
import { createRouter } from './routes';

const router = createRouter();

function Routed() {
  const { loading } = useSession();
  if (loading) return <FullScreenSpinner />;
  return <RouterProvider router={router} />;
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <PlayerProvider>
          <Routed />
        </PlayerProvider>
      </SessionProvider>
      <Toaster position="top-center" duration={TOAST_DURATION_MS} theme="dark" richColors />
    </QueryClientProvider>
  );
}
