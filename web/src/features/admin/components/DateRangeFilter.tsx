/** One date filter of the All tab (drop-off or pick-up): From and To, each with its own clear button. */
import { useEffect, useRef, useState } from 'react';
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
  // The date input keeps its own text while typing; clearing remounts it once the value is gone, so the text
  // empties too (remounting earlier would read the old value back).
  const [generation, setGeneration] = useState(0);
  const clearing = useRef(false);
  useEffect(() => {
    if (value !== null || !clearing.current) return;
    clearing.current = false;
    setGeneration((g) => g + 1);
  }, [value]);
  return (
    <div className="admin-date-filter">
      <DateInput key={generation} id={id} label={label} value={value} onChange={(d) => d !== value && onChange(d)} nextFocusId={nextFocusId} error={error} />
      <button
        type="button"
        className="icon-button admin-clear"
        aria-label={`Clear ${label.toLowerCase()}`}
        onClick={() => {
          if (value === null) return setGeneration((g) => g + 1);
          clearing.current = true;
          onChange(null);
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
