/**
 * One end of a stay in a booking dialog (ui/StayPriceEditor): its date and half-hour time as a labelled group. A new booking keeps
 * the 4-hour lead time in its drop-off choices; editing a booking that is already in the yard does not.
 */
import { useMemo } from 'react';
import { DATE_INPUT_MESSAGES } from '@shared/date-input';
import type { WallClock } from '@shared/nz-time';
import { dropOffOptions, pickUpOptions, slotsFor } from '@shared/slots';
import { DateInput } from './DateInput';
import { TimeSelect } from './TimeSelect';
import { useClock } from '@/lib/use-clock';

interface StayFieldsProps {
  kind: 'dropoff' | 'pickup';
  idPrefix: string;
  date: string | null;
  time: string;
  /** The earliest date the calendar offers. */
  min?: string;
  /** For a pick-up: the drop-off it must follow (its earlier times are disabled). */
  after?: WallClock | null;
  /** Disable drop-off times inside the lead time (new bookings). */
  leadTime: boolean;
  onDate(date: string | null): void;
  onTime(time: string): void;
  dateError?: string;
  timeError?: string;
  /** Days the calendar marks full (new bookings; an edited booking already holds its own dates). */
  unavailable?: ReadonlySet<string>;
}

export function StayFields({ kind, idPrefix, date, time, min, after = null, leadTime, onDate, onTime, dateError, timeError, unavailable }: StayFieldsProps) {
  const word = kind === 'dropoff' ? 'Drop-off' : 'Pick-up';
  const timeId = `${idPrefix}-${kind}-time`;
  // A pick-up's earliest date is its drop-off's once one is chosen: a date before it is before the drop-off, not past.
  const minMessage = kind === 'pickup' && after ? DATE_INPUT_MESSAGES.pickUpBeforeDropOff : DATE_INPUT_MESSAGES.past;
  const day = date ?? min ?? null;
  const now = useClock();
  const slots = useMemo(() => {
    if (!day) return slotsFor('2000-01-01').map((t) => ({ time: t, disabled: false }));
    if (kind === 'pickup') return pickUpOptions(day, after);
    return leadTime ? dropOffOptions(day, now()) : slotsFor(day).map((t) => ({ time: t, disabled: false }));
  }, [kind, day, after, leadTime, now]);
  // A stored time the grid no longer offers (a daylight-saving gap) still shows as chosen.
  const options = slots.some((s) => s.time === time) ? slots : [{ time, disabled: false }, ...slots];
  return (
    <fieldset>
      <legend>{word}</legend>
      <div className="field-row">
        <DateInput id={`${idPrefix}-${kind}-date`} label={`${word} date`} value={date} min={min} onChange={onDate} nextFocusId={timeId} minMessage={minMessage} error={dateError} unavailable={unavailable} />
        <TimeSelect id={timeId} label={`${word} time`} value={time} options={options} onChange={onTime} error={timeError} />
      </div>
    </fieldset>
  );
}
