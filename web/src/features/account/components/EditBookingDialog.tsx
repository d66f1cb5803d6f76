/**
 * 'Edit Booking #…' in limited editing mode (docs/product-rules.md, Changing a booking): drop-off only while its date
 * is today or later, pick-up, return flight and car wash. Before saving it shows the new total and what happens
 * to the money, computed with the same rules the server applies; the server decides and answers.
 */
import { Suspense, useMemo, useState, type FormEvent } from 'react';
import { bookingEditMessages, previewSettlement, type CustomerBookingEdit } from '@shared/booking-edit';
import { isPolicyError, keptReasonText } from '@shared/money-policy';
import type { CustomerBooking } from '@shared/customer-bookings';
import { dollarsToCents, formatMoney } from '@shared/money';
import { nzToday } from '@shared/nz-time';
import { quoteSelection, type SelectionField } from '@shared/quote';
import { ApiError } from '../../../lib/api-client';
import { useFeatureSlot } from '@/lib/feature-slots';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { saveMyBooking } from '../api/my-bookings';
import { CarWashChoice, StayPoint } from './StayPoint';

// Loaded when the dialog opens, so photo code stays out of the dashboard's first load.

const API_FIELDS: Record<string, SelectionField | 'returnFlight'> = {
  drop_off_date: 'dropOffDate',
  drop_off_time: 'dropOffTime',
  pick_up_date: 'pickUpDate',
  pick_up_time: 'pickUpTime',
  return_flight: 'returnFlight',
};

type Errors = Partial<Record<SelectionField | 'returnFlight', string>>;

function moneyEffect(booking: CustomerBooking, total: number): string {
  const s = previewSettlement(booking, dollarsToCents(total));
  if (isPolicyError(s)) return '';
  if (s.refundCents > 0) return `We will refund ${formatMoney(s.refundCents)} to your card.${s.keptCents > 0 && s.keptReason ? ` ${formatMoney(s.keptCents)} is kept: ${keptReasonText[s.keptReason]}.` : ''} Nothing is left to pay at pick-up.`;
  if (s.keptCents > 0 && s.keptReason) return `The ${formatMoney(s.keptCents)} paid beyond the new total is kept: ${keptReasonText[s.keptReason]}.`;
  return s.balanceDueCents > 0 ? `${formatMoney(s.balanceDueCents)} will be due at pick-up.` : 'Nothing is left to pay at pick-up.';
}

export function EditBookingDialog({ booking, onClose, onSaved }: { booking: CustomerBooking; onClose(): void; onSaved(updated: CustomerBooking): void }) {
  const VehiclePhotosPanel = useFeatureSlot('VehiclePhotosPanel');
  const { toast } = useToast();
  const today = nzToday();
  const dropOffEditable = booking.drop_off_date >= today;
  const [dropOffDate, setDropOffDate] = useState<string | null>(booking.drop_off_date);
  const [dropOffTime, setDropOffTime] = useState(booking.drop_off_time);
  const [pickUpDate, setPickUpDate] = useState<string | null>(booking.pick_up_date);
  const [pickUpTime, setPickUpTime] = useState(booking.pick_up_time);
  const [returnFlight, setReturnFlight] = useState(booking.return_flight ?? '');
  const [carWash, setCarWash] = useState(booking.car_wash);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);

  const dropOffMoved = dropOffDate !== booking.drop_off_date || dropOffTime !== booking.drop_off_time;
  const quote = useMemo(
    () => (dropOffDate && pickUpDate ? quoteSelection({ dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash }, { enforceLeadTime: dropOffMoved }) : null),
    [dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash, dropOffMoved],
  );
  const errors: Errors = { ...(quote && !quote.ok ? quote.fieldErrors : {}), ...serverErrors };
  const newTotal = quote?.ok ? quote.price.total / 100 : null;
  const dropOffPoint = useMemo(() => (dropOffDate ? { date: dropOffDate, time: dropOffTime } : null), [dropOffDate, dropOffTime]);

  const touched = () => setServerErrors({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!quote?.ok || !dropOffDate || !pickUpDate) return;
    const body: CustomerBookingEdit = {
      ...(dropOffEditable ? { drop_off_date: dropOffDate, drop_off_time: dropOffTime } : {}),
      pick_up_date: pickUpDate,
      pick_up_time: pickUpTime,
      return_flight: returnFlight.trim() || null,
      car_wash: carWash,
      version: booking.updated_at,
    };
    setBusy(true);
    try {
      const result = await saveMyBooking(booking.id, body);
      toast({ title: 'Success', description: bookingEditMessages.updated, variant: 'success' });
      onSaved(result.booking);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.message === bookingEditMessages.stale) setStale(true);
      if (err instanceof ApiError) {
        setServerErrors(Object.fromEntries(Object.entries(err.fieldErrors).flatMap(([k, v]) => (API_FIELDS[k] ? [[API_FIELDS[k], v]] : []))));
      }
      toast({ title: 'Error', description: err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : bookingEditMessages.failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`Edit Booking #${booking.id.slice(0, 8)}`}
      descriptionId="edit-booking-mode"
      description={
        <>
          <p id="edit-booking-mode" className="muted small">
            Limited editing mode
          </p>
          {stale && (
            <div className="alert alert-error" role="alert">
              {bookingEditMessages.stale} Close this window to load them.
            </div>
          )}
        </>
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={busy}
      submitDisabled={!quote?.ok || stale}
    >
      {dropOffEditable && (
        <StayPoint kind="dropoff" idPrefix="edit" date={dropOffDate} time={dropOffTime} min={today} onDate={(d) => (setDropOffDate(d), touched())} onTime={(t) => (setDropOffTime(t), touched())} dateError={errors.dropOffDate} timeError={errors.dropOffTime} />
      )}
      <StayPoint
        kind="pickup"
        idPrefix="edit"
        date={pickUpDate}
        time={pickUpTime}
        min={dropOffDate ?? today}
        after={dropOffPoint}
        onDate={(d) => (setPickUpDate(d), touched())}
        onTime={(t) => (setPickUpTime(t), touched())}
        dateError={errors.pickUpDate}
        timeError={errors.pickUpTime}
      />
      <TextField id="edit-return-flight" label="Return flight" placeholder="NZ124" autoCapitalize="characters" value={returnFlight} onValueChange={(v) => (setReturnFlight(v.toUpperCase()), touched())} error={errors.returnFlight} />
      <CarWashChoice checked={carWash} onChange={(c) => (setCarWash(c), touched())} />
      <div className="edit-price" aria-live="polite">
        {newTotal !== null ? (
          <>
            <p>
              <strong>New total: {formatMoney(dollarsToCents(newTotal))}</strong> <span className="muted">(was {formatMoney(dollarsToCents(booking.total_cost))}, incl. GST)</span>
            </p>
            <p>{moneyEffect(booking, newTotal)}</p>
          </>
        ) : (
          <p className="muted">Choose valid dates to see the new total.</p>
        )}
      </div>
      <Suspense fallback={<p className="muted small">Loading vehicle photos...</p>}>
        <VehiclePhotosPanel bookingId={booking.id} bookingReference={booking.booking_reference} />
      </Suspense>
    </FormDialog>
  );
}
