// Providers and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { installEntryCheckHandler } from './entry-check-handler.ts';
import { installSessionExpiredHandler } from './session-expired-handler.ts';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => installSessionExpiredHandler(router), [router]);
  useEffect(() => installEntryCheckHandler(router), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
