/** The admin search's tokens for a booking (`SEARCH#booking`), written with its confirmation. */
import { searchTokensOf, type Searchable } from '../../shared/booking';
import type { Booking } from '../../shared/records';
import { keys } from './keys';
import type { TransactItem } from './table';

export function bookingSearchTokens(b: Booking, reference: string): string[] {
  const s: Searchable = { ...b.customer, carRegistration: b.carRegistration ?? undefined, bookingReference: reference };
  return searchTokensOf(s);
}

/** The puts of a booking's search tokens, for its transaction. */
export function bookingTokenPuts(b: Booking, reference: string): TransactItem[] {
  return bookingSearchTokens(b, reference).map((token) => ({
    Put: { Item: { ...keys.searchToken('booking', token, b.id), type: 'search_token', kind: 'booking', bookingId: b.id } },
  }));
}
