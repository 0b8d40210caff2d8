import { QueryClient } from '@tanstack/react-query';

/** The app's query cache settings (the browser's client and the server's first-view render). */
export const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
