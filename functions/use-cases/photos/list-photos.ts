/** GET /api/bookings/{id}/photos: the booking's photos, newest first, each with a short-lived view URL. */
import { MAX_PHOTOS_PER_BOOKING, type VehiclePhotosResponse } from '../../../shared/photos';
import type { AuthContext } from '../../lib/auth';
import { listPhotos } from '../../store/photos';
import { photoBooking } from './photo-booking';
import { photoView } from './photo-view';

export async function listBookingPhotos(auth: AuthContext, bookingId: string): Promise<VehiclePhotosResponse> {
  const booking = await photoBooking(auth, bookingId);
  const photos = await listPhotos(booking.id);
  return { photos: await Promise.all(photos.map((p) => photoView(p, auth))), maxPhotos: MAX_PHOTOS_PER_BOOKING };
}
