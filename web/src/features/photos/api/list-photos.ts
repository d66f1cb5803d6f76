/** GET /api/bookings/{id}/photos: newest first, each with a short-lived view URL. */
import { vehiclePhotosResponseSchema, type VehiclePhotosResponse } from '@shared/photos';
import { apiRequest } from '../../../lib/api-client';

export function fetchBookingPhotos(bookingId: string, signal?: AbortSignal): Promise<VehiclePhotosResponse> {
  return apiRequest(`/bookings/${encodeURIComponent(bookingId)}/photos`, { schema: vehiclePhotosResponseSchema, auth: true, signal });
}
