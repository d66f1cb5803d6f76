/** GET and POST /api/me/bookings/{id}/cancellation, parsed with the shared schemas. */
import { cancellationTermsSchema, cancelledBookingResponseSchema, type CancellationTermsResponse } from '@shared/cancellation';
import type { CustomerBooking } from '@shared/customer-bookings';
import { apiRequest } from '../../../lib/api-client';

export function fetchCancellationTerms(id: string, signal?: AbortSignal): Promise<CancellationTermsResponse> {
  return apiRequest(`/me/bookings/${encodeURIComponent(id)}/cancellation`, { schema: cancellationTermsSchema, auth: true, signal });
}

export function cancelMyBooking(id: string): Promise<{ booking: CustomerBooking; refund: number }> {
  return apiRequest(`/me/bookings/${encodeURIComponent(id)}/cancellation`, { method: 'POST', body: {}, schema: cancelledBookingResponseSchema, auth: true });
}
