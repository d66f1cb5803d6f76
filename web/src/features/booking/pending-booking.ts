/**
 * The pending booking in sessionStorage (under the name 'pendingBooking'): written just before the browser leaves
 * for the hosted checkout, read by the payment and failure pages on the way back, cleared once the booking
 * is confirmed or cancelled. Storage can be unavailable (privacy modes); then there is simply none.
 */
import { parsePendingBooking, PENDING_BOOKING_KEY, type PendingBooking } from './flow';

export function readPendingBooking(): PendingBooking | null {
  try {
    return parsePendingBooking(window.sessionStorage.getItem(PENDING_BOOKING_KEY));
  } catch {
    return null;
  }
}

export function savePendingBooking(pending: PendingBooking): void {
  try {
    window.sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the way back from checkout cannot restore the form; the checkout itself still works.
  }
}

export function clearPendingBooking(): void {
  try {
    window.sessionStorage.removeItem(PENDING_BOOKING_KEY);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}
