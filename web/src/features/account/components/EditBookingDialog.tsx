/**
 * 'Edit booking RP-XXXXXX' (its reference) in limited editing mode (docs/product-rules.md, Changing a booking): drop-off only while its date
 * is today or later, pick-up, return flight, the car wash and the car services. Before saving it shows the new
 * total the server prices (ui/StayPriceEditor) and what happens to the money, with the same rules the server
 * applies; the server decides and answers.
 */
import { Suspense, useState, type FormEvent } from 'react';
import { addOnFlags } from '@shared/add-ons';
import { bookingEditMessages, previewSettlement, type CustomerBookingEdit } from '@shared/booking-edit';
import { isPolicyError, keptReasonText } from '@shared/money-policy';
import type { CustomerBooking } from '@shared/customer-bookings';
import { formatDollars, formatMoney } from '@shared/money';
import { nzToday } from '@shared/nz-time';
import type { SelectionField } from '@shared/quote';
import { ApiError } from '../../../lib/api-client';
import { useFeatureSlot } from '@/lib/slot-context';
import { stayOf, useStayPrice, type Stay } from '@/lib/pricing/use-stay-price';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { StayPriceEditor } from '@/ui/StayPriceEditor';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { useSaveMyBooking } from '../queries/my-bookings';
import { clockNow } from '@/lib/clock';
import { useClock } from '@/lib/use-clock';

// Loaded when the dialog opens, so photo code stays out of the dashboard's first load.

const API_FIELDS: Record<string, SelectionField | 'returnFlight'> = {
  drop_off_date: 'dropOffDate',
  drop_off_time: 'dropOffTime',
  pick_up_date: 'pickUpDate',
  pick_up_time: 'pickUpTime',
  return_flight: 'returnFlight',
};

type Errors = Partial<Record<SelectionField | 'returnFlight', string>>;

function moneyEffect(booking: CustomerBooking, totalCents: number): string {
  const s = previewSettlement(booking, totalCents, clockNow());
  if (isPolicyError(s)) return '';
  if (s.refundCents > 0) return `We will refund ${formatMoney(s.refundCents)} to your card.${s.keptCents > 0 && s.keptReason ? ` ${formatMoney(s.keptCents)} is kept: ${keptReasonText[s.keptReason]}.` : ''} Nothing is left to pay at pick-up.`;
  if (s.keptCents > 0 && s.keptReason) return `The ${formatMoney(s.keptCents)} paid beyond the new total is kept: ${keptReasonText[s.keptReason]}.`;
  return s.balanceDueCents > 0 ? `${formatMoney(s.balanceDueCents)} will be due at pick-up.` : 'Nothing is left to pay at pick-up.';
}

export function EditBookingDialog({ booking, onClose, onSaved }: { booking: CustomerBooking; onClose(): void; onSaved(updated: CustomerBooking): void }) {
  const VehiclePhotosPanel = useFeatureSlot('VehiclePhotosPanel');
  const { toast } = useToast();
  const now = useClock();
  const today = nzToday(now());
  const dropOffEditable = booking.drop_off_date >= today;
  const [stay, setStay] = useState<Stay>(() => stayOf(booking));
  const [returnFlight, setReturnFlight] = useState(booking.return_flight ?? '');
  const [stale, setStale] = useState(false);
  const save = useSaveMyBooking();
  const form = useFormSubmit<keyof Errors>({
    failTitle: 'Error',
    describe: (err) => (err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : bookingEditMessages.failed),
    fields: (fromServer) => Object.fromEntries(Object.entries(fromServer).flatMap(([k, v]) => (API_FIELDS[k] ? [[API_FIELDS[k], v]] : []))),
    onRefused: (err) => err.status === 409 && err.message === bookingEditMessages.stale && setStale(true),
  });
  const { errors: serverErrors, pending: busy } = form;

  const dropOffMoved = stay.dropOffDate !== booking.drop_off_date || stay.dropOffTime !== booking.drop_off_time;
  const price = useStayPrice(stay, { enforceLeadTime: dropOffMoved });

  const touched = () => form.setErrors({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (price.state !== 'priced' || !stay.dropOffDate || !stay.pickUpDate) return;
    const body: CustomerBookingEdit = {
      ...(dropOffEditable ? { drop_off_date: stay.dropOffDate, drop_off_time: stay.dropOffTime } : {}),
      pick_up_date: stay.pickUpDate,
      pick_up_time: stay.pickUpTime,
      return_flight: returnFlight.trim() || null,
      ...addOnFlags(stay.addOns),
      version: booking.updated_at,
    };
    await form.run(async () => {
      const result = await save.mutateAsync({ id: booking.id, edit: body });
      toast({ title: 'Success', description: bookingEditMessages.updated, variant: 'success' });
      onSaved(result.booking);
    });
  };

  return (
    <FormDialog
      title={`Edit booking ${booking.booking_reference || booking.id.slice(0, 8)}`}
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
      busy={busy}
      submitDisabled={price.state !== 'priced' || stale}
    >
      <StayPriceEditor
        idPrefix="edit"
        stay={stay}
        onChange={(next) => (setStay(next), touched())}
        price={price}
        ends={dropOffEditable ? 'both' : 'pick-up'}
        min={today}
        leadTime
        errors={serverErrors}
        hint="Choose valid dates to see the new total."
        total={(cents) => (
          <>
            <p>
              <strong>New total: {formatMoney(cents)}</strong> <span className="muted">(was {formatDollars(booking.total_cost)}, incl. GST)</span>
            </p>
            <p>{moneyEffect(booking, cents)}</p>
          </>
        )}
      />
      <TextField id="edit-return-flight" label="Return flight" placeholder="NZ124" autoCapitalize="characters" value={returnFlight} onValueChange={(v) => (setReturnFlight(v.toUpperCase()), touched())} error={serverErrors.returnFlight} />
      <Suspense fallback={<p className="muted small">Loading vehicle photos...</p>}>
        <VehiclePhotosPanel bookingId={booking.id} bookingReference={booking.booking_reference} />
      </Suspense>
    </FormDialog>
  );
}
