/**
 * /yard composed: behind the staff door, the yard feature's page with the photos feature's panel for check-in and
 * check-out photos and the pickup feature's queue (features never import each other; the app joins them).
 */
import { lazy } from 'react';
import YardPage from '../features/yard/pages/YardPage';
import type { UploadImage } from '../features/yard/components/ConditionPanel';
import { PickupQueuePanel } from '../features/pickup/components/PickupQueuePanel';
import { DataProvider } from './DataProvider';
import { StaffArea, YARD_GROUPS } from './StaffArea';

const VehiclePhotosPanel = lazy(() => import('../features/photos/components/VehiclePhotosPanel'));

/** The handover's photos and signature go through the vehicle photo upload and its completion check (docs/photos.md). */
const uploadImage: UploadImage = async (bookingId, file, description) => {
  const { uploadPhoto } = await import('../features/photos/upload-photo');
  return (await uploadPhoto(bookingId, { file, uploadType: 'damage_inspection', description }, () => undefined)).id;
};

export default function YardRoute() {
  return (
    <DataProvider>
      <StaffArea groups={YARD_GROUPS} next="/yard" role="Staff">
        {() => <YardPage PhotosPanel={VehiclePhotosPanel} uploadImage={uploadImage} pickupQueue={<PickupQueuePanel />} />}
      </StaffArea>
    </DataProvider>
  );
}
