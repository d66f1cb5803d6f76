/**
 * A pass's QR code scanned in the yard: the code is the pass's address (or its token alone); the token's signature
 * is checked here (functions/lib/pass-token.ts), so a made-up or altered code, and a signed one whose booking is
 * not a paid booking, get the same 404.
 */
import { isListed } from '../../../shared/records';
import { tokenFromCode, yardMessages, type YardBooking } from '../../../shared/yard';
import { notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { getBooking } from '../../store/bookings';
import { isRecordId } from '../../store/keys';
import { yardView } from './yard-booking';
import * as clock from '../../lib/clock';

export async function scanPass(code: string, now = clock.now()): Promise<YardBooking> {
  const id = await bookingIdFromPassToken(tokenFromCode(code));
  const booking = id && isRecordId(id) ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(yardMessages.notAPass);
  return yardView(booking, now);
}
