/**
 * Where a photo upload is presigned and completed: a booking's photo routes (signed in: the owner, staff), or the
 * pass's own (no account: a damage report's photos, docs/photos.md).
 */
export interface PhotoRoute {
  /** The presign's path under the API base; the completion is `<base>/<photoId>/complete`. */
  base: string;
  auth: boolean;
}

export const bookingPhotoRoute = (bookingId: string): PhotoRoute => ({ base: `/bookings/${encodeURIComponent(bookingId)}/photos`, auth: true });
export const passPhotoRoute = (token: string): PhotoRoute => ({ base: `/pass/${encodeURIComponent(token)}/photos`, auth: false });
