/** What fills each feature slot (lib/slot-context.tsx): the app shell is where features meet. */
import { lazy } from 'react';
import type { FeatureSlots } from '@/lib/slot-context';

export const featureSlots: FeatureSlots = {
  VehiclePhotosPanel: lazy(() => import('../features/photos/components/VehiclePhotosPanel')),
  VehiclePhotosDialog: lazy(() => import('../features/photos/VehiclePhotosDialog')),
  DamageClaims: lazy(() => import('./MyDamageClaims')),
  StaffDamageClaims: lazy(() => import('../features/claims/components/StaffClaimsPanel')),
};
