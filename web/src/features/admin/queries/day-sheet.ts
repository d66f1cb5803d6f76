/** The day sheet as a query per date (the last date's sheet stays on screen until the next arrives). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDaySheet } from '../api/fetch-day-sheet';
import { adminKeys } from './keys';

export const useDaySheet = (date: string) => useQuery({ queryKey: adminKeys.daySheet(date), queryFn: ({ signal }) => fetchDaySheet(date, signal), placeholderData: keepPreviousData });
