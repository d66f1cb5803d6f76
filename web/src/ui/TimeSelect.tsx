import type { SlotOption } from '@shared/slots';
import { formatTime12 } from '@shared/format';

interface TimeSelectProps {
  id: string;
  label: string;
  value: string;
  options: SlotOption[];
  onChange(time: string): void;
  error?: string;
}

/** A 30-minute time choice; times that would break the rules are present but disabled. */
export function TimeSelect({ id, label, value, options, onChange, error }: TimeSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        {options.map((o) => (
          <option key={o.time} value={o.time} disabled={o.disabled}>
            {formatTime12(o.time)}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
