import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { FullScreenSpinner } from './components/ui/Spinner';
import { SessionProvider, useSession } from './features/auth/session';
import { PlayerProvider } from './features/player/PlayerProvider';
import { newQueryClient } from './lib/query-client';
import { ToastHost } from './lib/toast';
import { createRouter } from './routes';

const router = createRouter();

function Routed() {
  const { loading } = useSession();
  if (loading) return <FullScreenSpinner />;
  return <RouterProvider router={router} />;
}

/** `client`: one seeded with the server-rendered first view's answers (main.tsx). */
export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? newQueryClient());
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
