/**
 * POST /api/quotes with `priceOnly`: the server's price of a stay and its services, which every booking dialog
 * shows. Shared by the features' dialogs through ui/StayPriceEditor, so it lives here rather than in one feature.
 */
import { quoteResponseSchema, type QuoteRequest, type QuoteResponse } from '@shared/schemas';
import { apiRequest } from '@/lib/api-client';

export function priceStay(selection: Omit<QuoteRequest, 'priceOnly'>, signal?: AbortSignal): Promise<QuoteResponse> {
  return apiRequest('/quotes', { method: 'POST', body: { ...selection, priceOnly: true }, schema: quoteResponseSchema, signal });
}
