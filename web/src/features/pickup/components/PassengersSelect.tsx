/** 1 to 8 passengers, as a select: one tap on a phone, nothing to type. */
import { MAX_PASSENGERS } from '@shared/pickups';
import { Field } from '../../../ui/Field';

export function PassengersSelect({ id, value, onChange }: { id: string; value: number; onChange(n: number): void }) {
  return (
    <Field id={id} label="Number of passengers">
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
