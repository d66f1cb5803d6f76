/**
 * The two optional flight numbers every booking form asks for: departure and return, in capitals as
 * typed, each with its error under it. The forms check them with the API's own rule (shared/flight-number.ts).
 */
import type { Ref } from 'react';
import { flightNumberError } from '@shared/flight-number';
import { TextField } from './TextField';

export interface Flights {
  departure: string;
  return: string;
}

export const noFlights = (): Flights => ({ departure: '', return: '' });

interface FlightFieldsProps {
  /** Prefix for the inputs' ids (one form may sit on a page with another). */
  idPrefix: string;
  value: Flights;
  onChange(next: Flights): void;
  errors?: Partial<Record<keyof Flights, string>>;
  /** Show only the return flight (the customer's limited editing mode). */
  returnOnly?: boolean;
  departureRef?: Ref<HTMLInputElement>;
  returnRef?: Ref<HTMLInputElement>;
}

const upper = (v: string) => v.toUpperCase();

export function FlightFields({ idPrefix, value, onChange, errors = {}, returnOnly = false, departureRef, returnRef }: FlightFieldsProps) {
  const common = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 12, transform: upper } as const;
  return (
    <div className="field-row flight-fields">
      {!returnOnly && (
        <TextField
          {...common}
          id={`${idPrefix}-departure-flight`}
          label="Departure flight (optional)"
          placeholder="NZ123"
          value={value.departure}
          onValueChange={(departure) => onChange({ ...value, departure })}
          error={errors.departure}
          inputRef={departureRef}
        />
      )}
      <TextField
        {...common}
        id={`${idPrefix}-return-flight`}
        label="Return flight (optional)"
        placeholder="NZ124"
        value={value.return}
        onValueChange={(ret) => onChange({ ...value, return: ret })}
        error={errors.return}
        inputRef={returnRef}
      />
    </div>
  );
}

/** The fields' errors by the shared rule; empty when both are fine. */
export function flightErrors(value: Flights): Partial<Record<keyof Flights, string>> {
  const out: Partial<Record<keyof Flights, string>> = {};
  const d = flightNumberError(value.departure);
  const r = flightNumberError(value.return);
  if (d) out.departure = d;
  if (r) out.return = r;
  return out;
}
