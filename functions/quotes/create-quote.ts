/**
 * POST /api/quotes: price a selection with the server's clock and rules (the operator's price rules in force among
 * them), and refuse dates with no place left; with `priceOnly`, just the price of the stay and its services (the
 * booking dialogs show it). The rules come from the Lambda's short cache, read beside the stay's occupancy, so they
 * add no read in series to the quote (functions/use-cases/pricing/rules-in-force.ts).
 */
import { capacityMessages } from '../../shared/capacity';
import { needsOccupancy } from '../../shared/price-rules';
import { quoteSelection } from '../../shared/quote';
import { toQuoteResponse } from '../../shared/quote-response';
import { quoteRequestSchema } from '../../shared/schemas';
import { badRequest, conflict } from '../domain/errors';
import * as clock from '../lib/clock';
import { httpHandler } from '../lib/http';
import { fullDatesOf, yardDays } from '../use-cases/booking/availability';
import { rulesInForce } from '../use-cases/pricing/rules-in-force';
import { shareOf } from '../use-cases/pricing/price-stay';

export const handler = httpHandler({ access: 'public', body: quoteRequestSchema }, async ({ body }) => {
  const options = { now: clock.now(), ...(body.priceOnly ? { enforceLeadTime: false, enforceLateNight: false } : {}) };
  const checked = quoteSelection(body, { ...options, pricing: 'tariff' });
  if (!checked.ok) throw badRequest(checked.message, checked.fieldErrors);
  const [ruleSet, stay] = await Promise.all([rulesInForce(), body.priceOnly ? null : yardDays(body.dropOffDate, body.pickUpDate)]);
  const yard = stay ?? (needsOccupancy(ruleSet) ? await yardDays(body.dropOffDate, body.pickUpDate) : null);
  if (yard && !body.priceOnly) {
    const [full] = fullDatesOf(yard);
    if (full) throw conflict(capacityMessages.full(full), { dropOffDate: capacityMessages.full(full) });
  }
  const result = quoteSelection(body, { ...options, pricing: { ruleSet, occupancy: yard ? shareOf(yard.days, yard.capacity) : 0 } });
  if (!result.ok) throw badRequest(result.message, result.fieldErrors);
  return { body: toQuoteResponse(result.price) };
});
