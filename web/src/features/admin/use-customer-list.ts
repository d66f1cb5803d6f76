/**
 * The customer list's pages: the search lives in the address (a reload or a shared link keeps it); the page is a
 * cursor the server gave, so going back is a stack of the cursors that led here (a new search starts again at 1).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { customerListMessages, type CustomerListResponse } from '@shared/admin-customers';
import { ApiError } from '../../lib/api-client';
import { fetchCustomerList } from './api/fetch-customer-list';

export interface CustomerListView {
  data: CustomerListResponse | null;
  error: string | null;
  loading: boolean;
  /** 1-based number of the page shown, and the row number its first customer has. */
  page: number;
  firstRow: number;
  next(): void;
  previous(): void;
}

export function useCustomerList(q: string, pageSize: number): CustomerListView {
  // The cursors each page was read with (null: the first page), for the search they belong to.
  const [stack, setStack] = useState<{ q: string; cursors: (string | null)[] }>({ q, cursors: [null] });
  const cursors = useMemo(() => (stack.q === q ? stack.cursors : [null]), [stack, q]);
  const [data, setData] = useState<CustomerListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const cursor = cursors[cursors.length - 1] ?? null;

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchCustomerList({ q, cursor }, abort.signal)
      .then((page) => {
        setData(page);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        setError(e instanceof ApiError && e.status < 500 ? e.message : customerListMessages.loadFailed);
        setLoading(false);
      });
    return () => abort.abort();
  }, [q, cursor]);

  const next = useCallback(() => {
    if (data?.next) setStack({ q, cursors: [...cursors, data.next] });
  }, [data, q, cursors]);
  const previous = useCallback(() => setStack({ q, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }), [q, cursors]);
  const page = cursors.length;
  return { data, error, loading, page, firstRow: (page - 1) * pageSize + 1, next, previous };
}
