/** One date filter of the All tab (drop-off or pick-up): From and To, each with its own clear button. */
import { useState } from 'react';
import { DateInput } from '../../../ui/DateInput';

interface DateRangeFilterProps {
  idPrefix: string;
  /** 'Drop-off' or 'Pick-up': the labels read 'Drop-off from' and 'Drop-off to'. */
  word: string;
  from: string | null;
  to: string | null;
  onFrom(date: string | null): void;
  onTo(date: string | null): void;
  fromError?: string;
  toError?: string;
}

function ClearableDate({ id, label, value, onChange, nextFocusId, error }: { id: string; label: string; value: string | null; onChange(d: string | null): void; nextFocusId?: string; error?: string }) {
  // The date input follows a value cleared from outside; an unfinished entry (no value yet) is cleared by remounting it.
  const [generation, setGeneration] = useState(0);
  return (
    <div className="admin-date-filter">
      <DateInput key={generation} id={id} label={label} value={value} onChange={(d) => d !== value && onChange(d)} nextFocusId={nextFocusId} error={error} />
      <button
        type="button"
        className="icon-button admin-clear"
        aria-label={`Clear ${label.toLowerCase()}`}
        onClick={() => {
          if (value === null) setGeneration((g) => g + 1);
          else onChange(null);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function DateRangeFilter({ idPrefix, word, from, to, onFrom, onTo, fromError, toError }: DateRangeFilterProps) {
  return (
    <fieldset className="admin-range">
      <legend>{word} date</legend>
      <div className="admin-range-fields">
        <ClearableDate id={`${idPrefix}-from`} label={`${word} from`} value={from} onChange={onFrom} nextFocusId={`${idPrefix}-to`} error={fromError} />
        <ClearableDate id={`${idPrefix}-to`} label={`${word} to`} value={to} onChange={onTo} error={toError} />
      </div>
    </fieldset>
  );
}
