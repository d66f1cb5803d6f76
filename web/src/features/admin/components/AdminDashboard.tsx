/**
 * The staff dashboard (spec: 'Admin dashboard'): the summary cards and the bookings card, with the edit and
 * new-booking dialogs. The list's tab, search, filters, sort and page are read from and written to the address.
 * Back from a paid checkout (`?session_id=`), it confirms the booking and lists it.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminBooking } from '@shared/admin';
import { useToast } from '../../../ui/toast/ToastProvider';
import { BOOKING_CONFIRMED_MESSAGE, confirmationFailureMessage, fetchConfirmedBooking } from '../../booking/confirmation';
import { readListState, writeListState, type ListState } from '../list-params';
import { useAdminList, useAdminSummary } from '../use-admin-data';
import { BookingsPanel } from './BookingsPanel';
import { EditBookingDialog } from './EditBookingDialog';
import { NewBookingDialog } from './NewBookingDialog';
import { SummaryCards } from './SummaryCards';

// Photo code loads only when staff open a booking's photos.
const VehiclePhotosDialog = lazy(() => import('../../photos/VehiclePhotosDialog'));

export function AdminDashboard() {
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const [reload, setReload] = useState(0);
  const { summary, loading: summaryLoading } = useAdminSummary(reload);
  const view = useAdminList(state, reload);
  const [editing, setEditing] = useState<AdminBooking | null>(null);
  const [creating, setCreating] = useState(false);
  const [photos, setPhotos] = useState<AdminBooking | null>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const setState = useCallback((next: ListState, { replace = false } = {}) => setParams((p) => writeListState(next, p), { replace }), [setParams]);

  const returnedSession = params.get('session_id');
  const canceled = params.get('checkout') === 'canceled';
  useEffect(() => {
    if (!returnedSession && !canceled) return;
    const abort = new AbortController();
    const done = () => setParams((p) => (p.delete('session_id'), p.delete('checkout'), p), { replace: true });
    if (canceled) {
      toast({ title: 'Payment cancelled', description: 'The new booking was not made.' });
      done();
      return;
    }
    fetchConfirmedBooking(returnedSession!, abort.signal)
      .then(() => {
        toast({ title: 'Success', description: BOOKING_CONFIRMED_MESSAGE, variant: 'success' });
        refresh();
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') toast({ title: 'Error', description: confirmationFailureMessage(e), variant: 'destructive' });
      })
      .finally(() => !abort.signal.aborted && done());
    return () => abort.abort();
  }, [returnedSession, canceled, toast, setParams, refresh]);

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
