/**
 * The dashboard's page of bookings as a query keyed by what the address asks for. The last page stays on screen
 * (marked busy) until the next arrives, so the table does not flash while the admin types or pages; a page no
 * longer wanted is cancelled (its signal).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminBookingsQuerySchema, adminMessages, type AdminBookingsResponse } from '@shared/admin';
import { ApiError } from '../../../lib/api-client';
import { fetchAdminBookings } from '../api/fetch-bookings';
import { toQuery, type DateFilterKey, type ListState } from '../list-params';
import { adminKeys } from './keys';
import { loadFailure } from './summary';

export interface ListView {
  loading: boolean;
  data: AdminBookingsResponse | null;
  /** Why the page could not be read (shown in place of the table). */
  error: string | null;
  /** Messages for the date filters, from the shared query rules or the server. */
  fieldErrors: Partial<Record<DateFilterKey, string>>;
}

export function useAdminList(state: ListState): ListView {
  const query = useMemo(() => toQuery(state), [state]);
  // The shared rules catch a From after its To before asking; the server applies them again.
  const checked = useMemo(() => adminBookingsQuerySchema.safeParse(query), [query]);
  const page = useQuery({
    queryKey: adminKeys.bookingsPage(query),
    queryFn: ({ signal }) => fetchAdminBookings(query, signal),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  if (!checked.success) {
    const fieldErrors: ListView['fieldErrors'] = {};
    for (const issue of checked.error.issues) fieldErrors[issue.path[0] as DateFilterKey] ??= issue.message;
    return { loading: false, data: null, error: checked.error.issues[0]?.message ?? adminMessages.loadFailed, fieldErrors };
  }
  if (page.error) {
    const fieldErrors = page.error instanceof ApiError ? (page.error.fieldErrors as ListView['fieldErrors']) : {};
    return { loading: page.isFetching, data: null, error: loadFailure(page.error), fieldErrors };
  }
  return { loading: page.isFetching, data: page.data ?? null, error: null, fieldErrors: {} };
}
