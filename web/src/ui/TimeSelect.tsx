import type { SlotOption } from '@shared/slots';
import { formatTime12 } from '@shared/format';
import { Field } from './Field';

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
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.time} value={o.time} disabled={o.disabled}>
              {formatTime12(o.time)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
