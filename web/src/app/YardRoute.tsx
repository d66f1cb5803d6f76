/**
 * /yard composed: the yard feature's page with the photos feature's panel for check-in and check-out photos
 * (features never import each other; the app joins them). The pickup queue's panel joins here too.
 */
import { lazy } from 'react';
import YardPage from '../features/yard/pages/YardPage';

const VehiclePhotosPanel = lazy(() => import('../features/photos/components/VehiclePhotosPanel'));

export default function YardRoute() {
  return <YardPage PhotosPanel={VehiclePhotosPanel} />;
}
