/** A stored photo as the API shows it: a short-lived view URL, and who uploaded it as a role (staff or customer), never an identity. */
import type { VehiclePhoto } from '../../../shared/photos';
import type { AuthContext } from '../../lib/auth';
import { viewUrl } from '../../store/photo-objects';
import type { PhotoRecord } from '../../store/photos';

export async function photoView(photo: PhotoRecord, viewer: AuthContext): Promise<VehiclePhoto> {
  return {
    id: photo.id,
    bookingId: photo.bookingId,
    fileName: photo.fileName,
    contentType: photo.contentType,
    size: photo.size,
    uploadType: photo.uploadType,
    description: photo.description,
    uploadedBy: { role: photo.uploadedBy.role, you: viewer.user?.sub === photo.uploadedBy.sub },
    createdAt: photo.createdAt,
    url: await viewUrl(photo.filePath, photo.contentType),
  };
}
