/** POST /api/bookings/{id}/photos/{photoId}/complete (or the pass's): the server checks the stored file and records it, or refuses it. */
import { photoCompleteResponseSchema, type VehiclePhoto } from '@shared/photos';
import { apiRequest } from '../../../lib/api-client';
import { bookingPhotoRoute, type PhotoRoute } from './photo-route';

export async function completePhotoUpload(bookingId: string, photoId: string, route: PhotoRoute = bookingPhotoRoute(bookingId)): Promise<VehiclePhoto> {
  const path = `${route.base}/${encodeURIComponent(photoId)}/complete`;
  return (await apiRequest(path, { method: 'POST', schema: photoCompleteResponseSchema, auth: route.auth })).photo;
}
