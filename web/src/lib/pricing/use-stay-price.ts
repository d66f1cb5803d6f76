/**
 * The price a booking dialog shows for its stay: the dates and times are judged here at once with the shared
 * quote rules (a field error under the field as it is typed), then the server prices the stay and its services
 * and its answer is what the dialog shows. The write that books or saves applies every rule again.
 */
import { useEffect, useMemo, useState } from 'react';
import { ADD_ONS, choicesFromFlags, type AddOnFlags, type AddOnId } from '@shared/add-ons';
import { dollarsToCents, type Cents } from '@shared/money';
import { quoteSelection, type FieldErrors, type QuoteOptions } from '@shared/quote';
import { ApiError } from '@/lib/api-client';
import { priceStay } from './price-stay';
import { useClock } from '../use-clock';

/** What a booking dialog edits of a stay: its two ends and the add-ons chosen. */
export interface Stay {
  dropOffDate: string | null;
  dropOffTime: string;
  pickUpDate: string | null;
  pickUpTime: string;
  addOns: Record<AddOnId, boolean>;
}

export type StayRules = Pick<QuoteOptions, 'enforceLeadTime' | 'enforceLateNight'>;

export type StayPrice =
  | { state: 'incomplete' }
  | { state: 'invalid'; message: string; fieldErrors: FieldErrors }
  | { state: 'pricing' }
  | { state: 'priced'; totalCents: Cents }
  | { state: 'failed'; message: string };

export const noAddOns = (): Record<AddOnId, boolean> => Object.fromEntries(ADD_ONS.map((a) => [a.id, false])) as Record<AddOnId, boolean>;

/** A booked stay as the edit dialogs start from it. */
export function stayOf(b: { drop_off_date: string; drop_off_time: string; pick_up_date: string; pick_up_time: string } & AddOnFlags): Stay {
  return { dropOffDate: b.drop_off_date, dropOffTime: b.drop_off_time, pickUpDate: b.pick_up_date, pickUpTime: b.pick_up_time, addOns: choicesFromFlags(b) };
}

/** A short pause after the last change, so a run of clicks asks the server once. */
const SETTLE_MS = 150;

export function useStayPrice(stay: Stay, rules: StayRules = {}, { skip = false }: { skip?: boolean } = {}): StayPrice {
  const { dropOffDate, dropOffTime, pickUpDate, pickUpTime, addOns } = stay;
  const { enforceLeadTime, enforceLateNight } = rules;
  const selection = useMemo(
    () => (dropOffDate && pickUpDate ? { dropOffDate, dropOffTime, pickUpDate, pickUpTime, ...addOns } : null),
    // The add-ons by value: a new object with the same choices is the same selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dropOffDate, dropOffTime, pickUpDate, pickUpTime, ...ADD_ONS.map((a) => addOns[a.id])],
  );
  const now = useClock();
  const local = useMemo(() => (selection ? quoteSelection(selection, { now: now(), enforceLeadTime, enforceLateNight, pricing: 'tariff' }) : null), [selection, enforceLeadTime, enforceLateNight, now]);
  const [answer, setAnswer] = useState<{ for: unknown; price: StayPrice } | null>(null);

  useEffect(() => {
    if (skip || !selection || !local?.ok) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      priceStay(selection, abort.signal)
        .then((q) => setAnswer({ for: selection, price: { state: 'priced', totalCents: dollarsToCents(q.total) } }))
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          const price: StayPrice =
            err instanceof ApiError && err.status === 400
              ? { state: 'invalid', message: err.message, fieldErrors: err.fieldErrors as FieldErrors }
              : { state: 'failed', message: err instanceof Error ? err.message : 'We could not work out the price.' };
          setAnswer({ for: selection, price });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [selection, local, skip]);

  if (!selection || !local) return { state: 'incomplete' };
  if (!local.ok) return { state: 'invalid', message: local.message, fieldErrors: local.fieldErrors };
  return answer?.for === selection ? answer.price : { state: 'pricing' };
}

/** The field errors a price carries (none unless the stay was refused). */
export const stayFieldErrors = (price: StayPrice): FieldErrors => (price.state === 'invalid' ? price.fieldErrors : {});
