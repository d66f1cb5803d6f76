/**
 * The web app's one TanStack Query client (docs/architecture.md, "Data"): the signed-in pages' server data, cached by
 * query key and refreshed when a mutation invalidates it. Only the lazily loaded account, admin and yard routes mount
 * it (app/DataProvider.tsx), so `/` does not load it.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API answers or says why not; a refusal asked again is refused again, and an outage is the page's to show.
      retry: false,
      // The pages read afresh when they open and after a change; refocusing a tab mid-form must not move what is on screen.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
