/**
 * The staff dashboard (docs/admin.md): the summary cards and the bookings card, with the edit and
 * new-booking dialogs, then the yard's occupancy. The list's tab, search, filters, sort and page are
 * read from and written to the address.
 * Back from a paid checkout (`?session_id=`), it confirms the booking and lists it.
 */
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminBooking } from '@shared/admin';
import { BOOKING_CONFIRMED_MESSAGE } from '@/lib/checkout/confirmation';
import { useCheckoutReturn } from '@/lib/checkout/use-checkout-return';
import { useFeatureSlot } from '@/lib/slot-context';
import { useToast } from '@/ui/toast/ToastProvider';
import { useAddressUpdate } from '../../../lib/use-address-update';
import { readListState, writeListState, type ListState } from '../list-params';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminList } from '../queries/bookings';
import { adminKeys } from '../queries/keys';
import { useAdminSummary } from '../queries/summary';
import { BookingsPanel } from './BookingsPanel';
import { EditBookingDialog } from './EditBookingDialog';
import { NewBookingDialog } from './NewBookingDialog';
import { OccupancyPanel } from './OccupancyPanel';
import { SummaryCards } from './SummaryCards';


export function AdminDashboard() {
  // Photo code loads only when staff open a booking's photos (the slot is a lazy component).
  const VehiclePhotosDialog = useFeatureSlot('VehiclePhotosDialog');
  const [params] = useSearchParams();
  const updateAddress = useAddressUpdate();
  const state = useMemo(() => readListState(params), [params]);
  const client = useQueryClient();
  const { summary, loading: summaryLoading } = useAdminSummary();
  const view = useAdminList(state);
  const [editing, setEditing] = useState<AdminBooking | null>(null);
  const [creating, setCreating] = useState(false);
  const [photos, setPhotos] = useState<AdminBooking | null>(null);
  // A booking changed (or Refresh): the cards and the list are read again; the occupancy has its own refresh.
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: adminKeys.summary });
    void client.invalidateQueries({ queryKey: adminKeys.bookings });
  }, [client]);

  // Each change applies to the list as the address holds it now, so a change made before the last one has
  // re-rendered still keeps it.
  const setState = useCallback(
    (change: (latest: ListState) => ListState, { replace = false } = {}) => updateAddress((latest) => writeListState(change(readListState(latest)), latest), { replace }),
    [updateAddress],
  );

  const { toast } = useToast();
  useCheckoutReturn({ created: BOOKING_CONFIRMED_MESSAGE, notMade: 'The new booking was not made.', onConfirmed: refresh, tell: toast });

  return (
    <>
      <SummaryCards summary={summary} />
      <BookingsPanel
        state={state}
        view={view}
        summary={summary}
        refreshing={view.loading || summaryLoading}
        onState={setState}
        onRefresh={refresh}
        onNewBooking={() => setCreating(true)}
        onEdit={setEditing}
        onPhotos={setPhotos}
      />
      <OccupancyPanel />
      {editing && (
        <EditBookingDialog
          booking={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
          onChanged={refresh}
          onCancelled={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {creating && <NewBookingDialog onClose={() => setCreating(false)} />}
      {photos && (
        <Suspense fallback={null}>
          <VehiclePhotosDialog bookingId={photos.id} bookingReference={photos.booking_reference} open onOpenChange={(open) => !open && setPhotos(null)} />
        </Suspense>
      )}
    </>
  );
}
