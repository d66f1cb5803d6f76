/** The occupancy panel's period as a query, and changing the capacity as a mutation that has the panel read again. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { occupancyMessages, type Occupancy } from '@shared/occupancy';
import { fetchOccupancy } from '../api/fetch-occupancy';
import { saveCapacity } from '../api/save-capacity';
import { adminKeys } from './keys';
import { loadFailure } from './summary';

export interface OccupancyView {
  data: Occupancy | null;
  loading: boolean;
  error: string | null;
}

export function useOccupancy(from: string, days: number): OccupancyView {
  const { data, error, isFetching } = useQuery({
    queryKey: adminKeys.occupancyPeriod(from, days),
    queryFn: ({ signal }) => fetchOccupancy(from, days, signal),
    placeholderData: keepPreviousData,
  });
  if (error) return { data: null, loading: isFetching, error: loadFailure(error, occupancyMessages.loadFailed) };
  return { data: data ?? null, loading: isFetching, error: null };
}

export function useSaveCapacity() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (capacity: number) => saveCapacity(capacity), onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.occupancy }) });
}
