/** One end of a stay in a booking dialog: its date and its half-hour time, as a labelled group. */
import { useMemo } from 'react';
import { DATE_INPUT_MESSAGES } from '@shared/date-input';
import type { WallClock } from '@shared/nz-time';
import { dropOffOptions, pickUpOptions } from '@shared/slots';
import { DateInput } from '../../../ui/DateInput';
import { TimeSelect } from '../../../ui/TimeSelect';

interface StayPointProps {
  kind: 'dropoff' | 'pickup';
  /** Prefix of the inputs' ids, so two dialogs never share one. */
  idPrefix: string;
  date: string | null;
  time: string;
  min: string;
  /** For a pick-up: the drop-off it must follow (its times before it are disabled). */
  after?: WallClock | null;
  onDate(date: string | null): void;
  onTime(time: string): void;
  dateError?: string;
  timeError?: string;
  /** Days the calendar marks full (new bookings; an edited booking already holds its own dates). */
  unavailable?: ReadonlySet<string>;
}

export function StayPoint({ kind, idPrefix, date, time, min, after = null, onDate, onTime, dateError, timeError, unavailable }: StayPointProps) {
  const word = kind === 'dropoff' ? 'Drop-off' : 'Pick-up';
  const timeId = `${idPrefix}-${kind}-time`;
  // A pick-up's earliest date is its drop-off's once one is chosen: a date before it is before the drop-off, not past.
  const minMessage = kind === 'pickup' && after ? DATE_INPUT_MESSAGES.pickUpBeforeDropOff : DATE_INPUT_MESSAGES.past;
  const slots = useMemo(() => (kind === 'dropoff' ? dropOffOptions(date ?? min) : pickUpOptions(date ?? min, after)), [kind, date, min, after]);
  return (
    <fieldset>
      <legend>{word}</legend>
      <div className="field-row">
        <DateInput id={`${idPrefix}-${kind}-date`} label={`${word} date`} value={date} min={min} onChange={onDate} nextFocusId={timeId} minMessage={minMessage} error={dateError} unavailable={unavailable} />
        <TimeSelect id={timeId} label={`${word} time`} value={time} options={slots} onChange={onTime} error={timeError} />
      </div>
    </fieldset>
  );
}

export function CarWashChoice({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>Car wash (+$60.00)</span>
      </label>
      {checked && <p className="muted small">Your vehicle will be professionally washed and ready for pick-up.</p>}
    </>
  );
}
