/** The yard's day sheet as a query per date, read again after a change made on the yard screen. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchDaySheet } from '../api/yard-api';
import { yardKeys } from './keys';

export const useYardDaySheet = (date: string) => useQuery({ queryKey: yardKeys.daySheet(date), queryFn: ({ signal }) => fetchDaySheet(date, signal) });

/** A check-in, check-out, bay, note or payment saved here can move the day's rows: read the sheet again. */
export function useYardChanged() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: yardKeys.all }), [client]);
}
