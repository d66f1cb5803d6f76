/**
 * The server-data cache for the signed-in areas (account, admin, yard): one TanStack Query client (lib/query) shared
 * by every route that mounts this. Composed here because it joins the account's session with lib/: what was cached
 * for one person is never shown to the next one signed in on this browser.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useReducer, type ReactNode } from 'react';
import { queryClient } from '@/lib/query/client';
import { useSessionHint } from '../features/account/session-hint';

/** Whose data the cache holds: unset until the first provider renders, when the cache is still empty. */
let owner: string | null | undefined;

export function DataProvider({ children }: { children: ReactNode }) {
  const email = useSessionHint()?.email ?? null;
  if (owner === undefined) owner = email;
  const [, settled] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (owner === email) return;
    queryClient.clear();
    owner = email;
    settled();
  }, [email]);
  // Someone else signed in (or out): nothing under here renders until the last person's data is gone.
  return <QueryClientProvider client={queryClient}>{owner === email ? children : null}</QueryClientProvider>;
}
