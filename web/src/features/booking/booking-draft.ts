/**
 * What the visitor has chosen and typed so far, kept in sessionStorage for the tab's session (like the
 * pendingBooking), so Back, 'Back to Quote' and a reload never empty the quote card or the details
 * form. Cleared once a booking is confirmed. Storage can be unavailable (privacy modes): then nothing is kept.
 */
import type { CustomerDetails } from '@shared/booking';
import type { Selection } from '@shared/quote';

export const BOOKING_DRAFT_KEY = 'bookingDraft';

export interface BookingDraft {
  selection?: Partial<Selection>;
  customer?: Partial<CustomerDetails>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Only string fields (and the add-on flags) survive: a tampered or old draft cannot put anything else in a form. */
function pickStrings<T>(value: unknown, keys: readonly string[], booleans: readonly string[] = []): Partial<T> | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, string | boolean> = {};
  for (const k of keys) if (typeof value[k] === 'string') out[k] = value[k];
  for (const k of booleans) if (typeof value[k] === 'boolean') out[k] = value[k];
  return out as Partial<T>;
}

export function parseBookingDraft(text: string | null): BookingDraft {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(value)) return {};
  return {
    selection: pickStrings<Selection>(value.selection, ['dropOffDate', 'dropOffTime', 'pickUpDate', 'pickUpTime'], ['carWash', 'carCleaning', 'carDetailing', 'carServicing']),
    customer: pickStrings<CustomerDetails>(value.customer, ['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration']),
  };
}

export function readBookingDraft(): BookingDraft {
  try {
    return parseBookingDraft(window.sessionStorage.getItem(BOOKING_DRAFT_KEY));
  } catch {
    return {};
  }
}

function write(draft: BookingDraft): void {
  try {
    window.sessionStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Without storage the forms simply start empty next time.
  }
}

export const saveDraftSelection = (selection: Partial<Selection>): void => write({ ...readBookingDraft(), selection });
export const saveDraftCustomer = (customer: Partial<CustomerDetails>): void => write({ ...readBookingDraft(), customer });

export function clearBookingDraft(): void {
  try {
    window.sessionStorage.removeItem(BOOKING_DRAFT_KEY);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}
