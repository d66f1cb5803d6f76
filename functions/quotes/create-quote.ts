/**
 * POST /api/quotes: price a selection with the server's clock and rules, and refuse dates with no place left;
 * with `priceOnly`, just the price of the stay and its services (the booking dialogs show it).
 */
import { capacityMessages } from '../../shared/capacity';
import { quoteSelection } from '../../shared/quote';
import { toQuoteResponse } from '../../shared/quote-response';
import { quoteRequestSchema } from '../../shared/schemas';
import { badRequest, conflict } from '../domain/errors';
import * as clock from '../lib/clock';
import { httpHandler } from '../lib/http';
import { availability } from '../use-cases/booking/availability';

export const handler = httpHandler({ access: 'public', body: quoteRequestSchema }, async ({ body }) => {
  const result = quoteSelection(body, { now: clock.now(), ...(body.priceOnly ? { enforceLeadTime: false, enforceLateNight: false } : {}) });
  if (!result.ok) throw badRequest(result.message, result.fieldErrors);
  if (body.priceOnly) return { body: toQuoteResponse(result.price) };
  const [full] = (await availability(body.dropOffDate, body.pickUpDate)).fullDates;
  if (full) throw conflict(capacityMessages.full(full), { dropOffDate: capacityMessages.full(full) });
  return { body: toQuoteResponse(result.price) };
});
