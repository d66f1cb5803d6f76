/** The summary cards' read as a query; a failure is a toast (the cards stay as they were). */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminMessages, type AdminSummary } from '@shared/admin';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { fetchAdminSummary } from '../api/fetch-summary';
import { adminKeys } from './keys';

/** What an admin read that failed says: the server's words for a refusal, the panel's own text otherwise. */
export const loadFailure = (e: unknown, fallback: string = adminMessages.loadFailed) => (e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : fallback);

export function useAdminSummary(): { summary: AdminSummary | null; loading: boolean } {
  const { toast } = useToast();
  const { data, error, isFetching } = useQuery({ queryKey: adminKeys.summary, queryFn: ({ signal }) => fetchAdminSummary(signal) });
  useEffect(() => {
    if (error) toast({ title: 'Error', description: loadFailure(error), variant: 'destructive' });
  }, [error, toast]);
  return { summary: data ?? null, loading: isFetching };
}
