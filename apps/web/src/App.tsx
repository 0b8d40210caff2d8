import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { FullScreenSpinner } from './components/ui/Spinner';
import { SessionProvider, useSession } from './features/auth/session';
import { PlayerProvider } from './features/player/PlayerProvider';
import { ToastHost } from './lib/toast';
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
      <ToastHost />
    </QueryClientProvider>
  );
}
