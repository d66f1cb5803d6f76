/**
 * Parts of one feature that another feature's pages show: a booking's vehicle photos in the customer's edit dialog
 * and on the admin dashboard. A feature never imports another (docs/architecture.md, "The web app"): it asks for the
 * part by name here, and the app shell (app/slot-fillers.ts) says which component fills it, loaded lazily, so the
 * part's code still reaches only the pages that show it. The shell provides the slots around the routes that use
 * them (app/AdminRoute.tsx, app/DashboardRoute.tsx), not around the whole app, so the first load of `/` stays as it was.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface VehiclePhotosProps {
  bookingId: string;
  bookingReference: string;
}

export interface FeatureSlots {
  /** The photos panel, for embedding in a dialog of one's own. */
  VehiclePhotosPanel: ComponentType<VehiclePhotosProps>;
  /** The photos panel in its own dialog. */
  VehiclePhotosDialog: ComponentType<VehiclePhotosProps & { open: boolean; onOpenChange(open: boolean): void }>;
  /** The traveller's damage reports on one of their own bookings (the dashboard, after collection). */
  DamageClaims: ComponentType<{ bookingId: string }>;
  /** Staff's view of a booking's damage claims beside its handover records; admins decide there. */
  StaffDamageClaims: ComponentType<{ bookingId: string; canDecide: boolean }>;
}

const SlotsContext = createContext<FeatureSlots | null>(null);

export const FeatureSlotsProvider = SlotsContext.Provider;

export function useFeatureSlot<K extends keyof FeatureSlots>(name: K): FeatureSlots[K] {
  const slots = useContext(SlotsContext);
  if (!slots) throw new Error('No FeatureSlotsProvider: the app shell provides one around each page that shows slots (web/src/app/*Route.tsx)');
  return slots[name];
}
