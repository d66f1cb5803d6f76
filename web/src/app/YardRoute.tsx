/**
 * /yard composed: behind the staff door, the yard feature's page with the photos feature's panel for check-in and
 * check-out photos, the claims feature's damage claims and the pickup feature's queue (features never import each other; the app joins them).
 */
import { lazy, Suspense, useMemo } from 'react';
import { ADMIN_GROUP } from '@shared/roles';
import YardPage from '../features/yard/pages/YardPage';
import type { UploadImage } from '../features/yard/components/ConditionPanel';
import { PickupQueuePanel } from '../features/pickup/components/PickupQueuePanel';
import { DataProvider } from './DataProvider';
import { StaffArea, YARD_GROUPS } from './StaffArea';

const VehiclePhotosPanel = lazy(() => import('../features/photos/components/VehiclePhotosPanel'));
const StaffClaimsPanel = lazy(() => import('../features/claims/components/StaffClaimsPanel'));

/** The handover's photos and signature go through the vehicle photo upload and its completion check (docs/photos.md). */
const uploadImage: UploadImage = async (bookingId, file, description) => {
  const { uploadPhoto } = await import('../features/photos/upload-photo');
  return (await uploadPhoto(bookingId, { file, uploadType: 'damage_inspection', description }, () => undefined)).id;
};

/** Staff read the claims; deciding is the admins' (the route refuses anyone else). */
function YardWithClaims({ canDecide }: { canDecide: boolean }) {
  // One component type per session, so an open claims panel keeps its state while the yard page re-renders.
  const ClaimsPanel = useMemo(
    () =>
      function ClaimsPanel({ bookingId }: { bookingId: string }) {
        return (
          <Suspense fallback={<p className="muted">Loading damage claims...</p>}>
            <StaffClaimsPanel bookingId={bookingId} canDecide={canDecide} />
          </Suspense>
        );
      },
    [canDecide],
  );
  return <YardPage PhotosPanel={VehiclePhotosPanel} uploadImage={uploadImage} pickupQueue={<PickupQueuePanel />} ClaimsPanel={ClaimsPanel} />;
}

export default function YardRoute() {
  return (
    <DataProvider>
      <StaffArea groups={YARD_GROUPS} next="/yard" role="Staff">
        {({ groups }) => <YardWithClaims canDecide={groups.includes(ADMIN_GROUP)} />}
      </StaffArea>
    </DataProvider>
  );
}
