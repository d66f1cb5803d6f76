/**
 * The car of a booking form: its registration (in capitals, as plates are written) and, in the staff forms, the
 * parking bay: a number, as the yard numbers its bays 1 to its capacity (shared/bays.ts; the server checks the range
 * and its message lands under the field). Shared by the New Booking dialog, the admin edit form and the walk-in.
 */
import { TextField } from './TextField';

interface CarFieldsProps {
  idPrefix: string;
  registration: string;
  onRegistration(value: string): void;
  /** Required in a new booking; an edit may leave it as it was. */
  required?: boolean;
  /** The parking bay (staff forms only); absent: not asked. */
  bay?: { value: string; onChange(value: string): void };
  /** By the request's field names: `car_registration`, `parking_bay_number`. */
  errors: Partial<Record<string, string>>;
  /** Side by side (the dialogs); one column on the walk-in form, used standing up. */
  row?: boolean;
}

const capitals = (v: string) => v.toUpperCase();

export function CarFields({ idPrefix, registration, onRegistration, required = false, bay, errors, row = true }: CarFieldsProps) {
  const fields = (
    <>
      <TextField
        id={`${idPrefix}-registration`}
        label="Car Registration"
        placeholder="ABC123"
        required={required}
        autoCapitalize="characters"
        transform={capitals}
        value={registration}
        onValueChange={onRegistration}
        error={errors.car_registration}
      />
      {bay && <TextField id={`${idPrefix}-bay`} label="Parking Bay Number" placeholder="12" inputMode="numeric" value={bay.value} onValueChange={bay.onChange} error={errors.parking_bay_number} />}
    </>
  );
  return row && bay ? <div className="field-row admin-row">{fields}</div> : fields;
}
