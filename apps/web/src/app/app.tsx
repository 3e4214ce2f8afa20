// Providers and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { prefetchNotes } from '../features/shell/notes-query.ts';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { installEntryCheckHandler } from './entry-check-handler.ts';
import { installSessionExpiredHandler } from './session-expired-handler.ts';

export function App() {
  const [router] = useState(() => {
    // The first page waits for its notes (layout-frame.tsx): their request starts now.
    prefetchNotes(queryClient);
    return createAppRouter();
  });
  useEffect(() => installSessionExpiredHandler(router), [router]);
  useEffect(() => installEntryCheckHandler(router), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
