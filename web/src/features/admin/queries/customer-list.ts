/**
 * The customer list's pages: the search lives in the address (a reload or a shared link keeps it); the page is a
 * cursor the server gave, so going back is a stack of the cursors that led here (a new search starts again at 1).
 * Each page is a query keyed by the search and its cursor; the page shown stays while the next loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { customerListMessages, type CustomerListResponse } from '@shared/admin-customers';
import { ApiError } from '../../../lib/api-client';
import { fetchCustomerList } from '../api/fetch-customer-list';
import { adminKeys } from './keys';

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
  const cursor = cursors[cursors.length - 1] ?? null;
  const read = useQuery({ queryKey: adminKeys.customerPage(q, cursor), queryFn: ({ signal }) => fetchCustomerList({ q, cursor }, signal), placeholderData: keepPreviousData });
  const data = read.data ?? null;
  const error = read.error ? (read.error instanceof ApiError && read.error.status < 500 ? read.error.message : customerListMessages.loadFailed) : null;
  const loading = read.isFetching;

  const next = useCallback(() => {
    if (data?.next) setStack({ q, cursors: [...cursors, data.next] });
  }, [data, q, cursors]);
  const previous = useCallback(() => setStack({ q, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }), [q, cursors]);
  const page = cursors.length;
  return { data, error, loading, page, firstRow: (page - 1) * pageSize + 1, next, previous };
}
