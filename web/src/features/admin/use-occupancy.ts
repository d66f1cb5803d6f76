/** The occupancy panel's read: a period of days against the capacity, again whenever `reload` changes. */
import { useEffect, useState } from 'react';
import { occupancyMessages, type Occupancy } from '@shared/occupancy';
import { ApiError } from '../../lib/api-client';
import { fetchOccupancy } from './api/fetch-occupancy';

export interface OccupancyView {
  data: Occupancy | null;
  loading: boolean;
  error: string | null;
}

export function useOccupancy(from: string, days: number, reload: number): OccupancyView {
  const [view, setView] = useState<OccupancyView>({ data: null, loading: true, error: null });
  useEffect(() => {
    const abort = new AbortController();
    setView((v) => ({ ...v, loading: true }));
    fetchOccupancy(from, days, abort.signal)
      .then((data) => setView({ data, loading: false, error: null }))
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        setView({ data: null, loading: false, error: e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : occupancyMessages.loadFailed });
      });
    return () => abort.abort();
  }, [from, days, reload]);
  return view;
}
