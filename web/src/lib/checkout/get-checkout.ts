/**
 * GET /api/checkout/{sessionId}: the booking a paid checkout session made. The server confirms the booking
 * on this call if the provider's webhook has not arrived yet; 404 for an unknown session, 409 while unpaid.
 */
import { createdBookingSchema, type CreatedBooking } from '@shared/booking';
import { apiRequest } from '@/lib/api-client';

export function getCheckout(sessionId: string, signal?: AbortSignal): Promise<CreatedBooking> {
  return apiRequest(`/checkout/${encodeURIComponent(sessionId)}`, { schema: createdBookingSchema, signal });
}
