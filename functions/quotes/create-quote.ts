/** POST /api/quotes: price a selection with the server's clock and rules. */
import { quoteSelection } from '../../shared/quote';
import { toQuoteResponse } from '../../shared/quote-response';
import { quoteRequestSchema } from '../../shared/schemas';
import { badRequest } from '../lib/errors';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'public', body: quoteRequestSchema }, async ({ body }) => {
  const result = quoteSelection(body);
  if (!result.ok) throw badRequest(result.message, result.fieldErrors);
  return { body: toQuoteResponse(result.price) };
});
