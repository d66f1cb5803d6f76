/** Booking references: `RP-` and six characters from an alphabet without 0/O and 1/I, from crypto randomness. */
import { randomBytes } from 'node:crypto';
import { REFERENCE_ALPHABET } from '../../../shared/booking';

const LENGTH = 6;

export function newBookingReference(): string {
  // 32 symbols divide 256 evenly, so taking each byte modulo 32 keeps every symbol equally likely.
  const bytes = randomBytes(LENGTH);
  let out = 'RP-';
  for (const b of bytes) out += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
  return out;
}
