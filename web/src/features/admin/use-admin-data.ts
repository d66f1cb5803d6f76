/**
 * The dashboard's two reads: the summary, and the page of bookings the address asks for. A new request
 * cancels the one in flight, and the last page stays on screen (marked busy) until the next arrives, so the
 * table does not flash while the admin types or pages.
 */
import { useEffect, useMemo, useState } from 'react';
import { adminBookingsQuerySchema, adminMessages, type AdminBookingsResponse, type AdminSummary } from '@shared/admin';
import { ApiError } from '../../lib/api-client';
import { useToast } from '../../ui/toast/ToastProvider';
import { fetchAdminBookings } from './api/fetch-bookings';
import { fetchAdminSummary } from './api/fetch-summary';
import { toQuery, type DateFilterKey, type ListState } from './list-params';

export interface ListView {
  loading: boolean;
  data: AdminBookingsResponse | null;
  /** Why the page could not be read (shown in place of the table). */
  error: string | null;
  /** Messages for the date filters, from the shared query rules or the server. */
  fieldErrors: Partial<Record<DateFilterKey, string>>;
}

const errorMessage = (e: unknown) => (e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : adminMessages.loadFailed);

export function useAdminSummary(reload: number): { summary: AdminSummary | null; loading: boolean } {
  const { toast } = useToast();
  const [summary, setSummary] = useState<AdminSummary | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchAdminSummary(abort.signal)
      .then((s) => setSummary(s))
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
      })
      .finally(() => !abort.signal.aborted && setLoading(false));
    return () => abort.abort();
  }, [reload, toast]);
  return { summary, loading };
}

export function useAdminList(state: ListState, reload: number): ListView {
  const query = useMemo(() => toQuery(state), [state]);
  const key = JSON.stringify(query);
  const [view, setView] = useState<ListView>({ loading: true, data: null, error: null, fieldErrors: {} });

  useEffect(() => {
    const q = JSON.parse(key) as typeof query;
    // The shared rules catch a From after its To before asking; the server applies them again.
    const checked = adminBookingsQuerySchema.safeParse(q);
    if (!checked.success) {
      const fieldErrors: ListView['fieldErrors'] = {};
      for (const issue of checked.error.issues) fieldErrors[issue.path[0] as DateFilterKey] ??= issue.message;
      setView({ loading: false, data: null, error: checked.error.issues[0]?.message ?? adminMessages.loadFailed, fieldErrors });
      return;
    }
    const abort = new AbortController();
    setView((v) => ({ ...v, loading: true }));
    fetchAdminBookings(q, abort.signal)
      .then((data) => setView({ loading: false, data, error: null, fieldErrors: {} }))
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        const fieldErrors = e instanceof ApiError ? (e.fieldErrors as ListView['fieldErrors']) : {};
        setView({ loading: false, data: null, error: errorMessage(e), fieldErrors });
      });
    return () => abort.abort();
  }, [key, reload]);

  return view;
}
