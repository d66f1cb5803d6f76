/**
 * The full days the date pickers mark, and the check Get Quote makes before showing a price. The availability
 * call loads the first time someone reaches for a date (not on the first paint); when it cannot be reached the
 * pickers mark nothing and the checkout, which holds the places, has the last word.
 */
import { useCallback, useRef, useState } from 'react';
import { firstFullDate, MAX_AVAILABILITY_DAYS, stayDates } from '@shared/capacity';
import { addDays, nzToday } from '@shared/nz-time';
import { clockNow } from '../clock';

const loadApi = () => import('./get-availability');

export interface FullDates {
  /** Days with no place left from today for about a year (empty until loaded). */
  fullDates: ReadonlySet<string>;
  /** Starts loading the year's full days; called when a date field is first used. */
  load(): void;
  /** The first full date of a stay, asked afresh; null when it has room or availability cannot be reached. */
  firstFullOf(dropOffDate: string, pickUpDate: string): Promise<string | null>;
}

export function useFullDates(): FullDates {
  const [fullDates, setFullDates] = useState<ReadonlySet<string>>(() => new Set());
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    const today = nzToday(clockNow());
    loadApi()
      .then(({ getAvailability }) => getAvailability(today, addDays(today, MAX_AVAILABILITY_DAYS - 1)))
      .then((a) => setFullDates(new Set(a.fullDates)))
      .catch(() => {
        started.current = false;
      });
  }, []);

  const firstFullOf = useCallback(async (dropOffDate: string, pickUpDate: string) => {
    try {
      const { getAvailability } = await loadApi();
      const a = await getAvailability(dropOffDate, pickUpDate);
      return firstFullDate(stayDates(dropOffDate, pickUpDate), a.fullDates);
    } catch {
      return null;
    }
  }, []);

  return { fullDates, load, firstFullOf };
}
