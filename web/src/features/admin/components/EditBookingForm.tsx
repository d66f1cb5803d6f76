/**
 * The fields of 'Edit Booking Details': read-only customer with Edit Customer; dates and times, the car wash and
 * the car services with the server's price (ui/StayPriceEditor), registration, parking bay, status and shuttle.
 * The total is not editable: it is the booking's own until a date, time or service changes, then the server's
 * price for the new stay, with what that leaves to pay; the server re-prices and settles on save.
 * Only changed fields are sent, with the version the dialog read.
 */
import { Suspense, useState, type FormEvent } from 'react';
import { ADD_ONS, bookedAddOns, choicesFromFlags } from '@shared/add-ons';
import { adminMessages, adminStatuses, statusLabels, type AdminBookingDetail, type AdminBookingEditInput, type AdminBookingEditResponse, type AdminCustomer, type StatusFilter } from '@shared/admin';
import { balanceMessages } from '@shared/balance';
import { previewSettlement } from '@shared/booking-edit';
import { isPolicyError, keptReasonText } from '@shared/money-policy';
import { messages } from '@shared/messages';
import { dollarsToCents, formatDollars, formatMoney } from '@shared/money';
import { heldFromRoom, refundSplitText, splitRefund } from '@shared/refund-lines';
import { statusMessages } from '@shared/status-transitions';
import { stayFieldErrors, stayOf, useStayPrice, type Stay, type StayPrice } from '@/lib/pricing/use-stay-price';
import { CarFields } from '@/ui/CarFields';
import { StayPriceEditor } from '@/ui/StayPriceEditor';
import { DownloadButton } from '../../../ui/DownloadButton';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { FlightFields, flightErrors, type Flights } from '../../../ui/FlightFields';
import { normaliseFlightNumber } from '@shared/flight-number';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { downloadBookingInvoice } from '../api/invoice';
import { useSaveAdminBooking } from '../queries/save-booking';
import { nzStamp } from '../format';
import { BookingHistory } from './BookingHistory';
import { CancelBookingDialog } from './CancelBookingDialog';
import { CustomerEditorDialog } from './CustomerEditorDialog';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { PartRefundDialog } from './PartRefundDialog';
import { RefundLines } from './RefundLines';
import { clockNow } from '@/lib/clock';
import { useFeatureSlot } from '@/lib/slot-context';

type EditField = Exclude<keyof AdminBookingEditInput, 'version'>;
type Errors = Partial<Record<EditField, string>>;

const QUOTE_FIELDS = { dropOffDate: 'drop_off_date', dropOffTime: 'drop_off_time', pickUpDate: 'pick_up_date', pickUpTime: 'pick_up_time' } as const;

interface EditBookingFormProps {
  detail: AdminBookingDetail;
  onClose(): void;
  onSaved(result: AdminBookingEditResponse): void;
  onReload(): void;
  onCustomerSaved(customer: AdminCustomer): void;
  onCancelled(): void;
  /** Read the booking again keeping the form (a payment was recorded, or a refused check-out charged a late fee). */
  onRefresh(): void;
}

export function EditBookingForm({ detail, onClose, onSaved, onReload, onCustomerSaved, onCancelled, onRefresh }: EditBookingFormProps) {
  const [paying, setPaying] = useState(false);
  const [refundingPart, setRefundingPart] = useState(false);
  /** The server refused check-out with money due: its message, and the admin's reason to let the car go anyway. */
  const [checkoutRefused, setCheckoutRefused] = useState<string | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  /** The server refused a status move that is not one step forward: its message, the admin's confirmation and reason. */
  const [statusRefused, setStatusRefused] = useState<string | null>(null);
  const [statusConfirmed, setStatusConfirmed] = useState(false);
  const [statusReason, setStatusReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const StaffDamageClaims = useFeatureSlot('StaffDamageClaims');
  const { booking, history, history_older: historyOlder, notes = [] } = detail;
  const { toast } = useToast();
  const [stay, setStay] = useState<Stay>(() => stayOf(booking));
  const { dropOffDate, dropOffTime, pickUpDate, pickUpTime } = stay;
  const [registration, setRegistration] = useState(booking.car_registration ?? '');
  const [bay, setBay] = useState(booking.parking_bay_number ?? '');
  const [flights, setFlights] = useState<Flights>({ departure: booking.departure_flight ?? '', return: booking.return_flight ?? '' });
  const [status, setStatus] = useState<StatusFilter>(booking.status);
  // A cancelled booking is shown with its history but can no longer be changed (the server refuses it too).
  const cancelled = booking.status === 'cancelled';
  const [shuttle, setShuttle] = useState(booking.shuttle_service);
  const [stale, setStale] = useState(false);
  const save = useSaveAdminBooking();
  const form = useFormSubmit<EditField>({
    failTitle: adminMessages.bookingUpdateFailed,
    keepPendingOnSuccess: true,
    // A bay already taken is about the bay, whichever way the server words it.
    fields: (fromServer, err) => ({ ...(err.message === adminMessages.bayTaken ? { parking_bay_number: err.message } : {}), ...(fromServer as Errors) }),
    // A status move that needs an admin's confirmation, or a check-out with money due, is answered in the form itself
    // (its message, a checkbox and a reason): no toast as well, which at phone width would lie over Save Changes.
    intercept: (err) => {
      if (err.status !== 409) return false;
      const { status_override: needsConfirming, status: moneyDue } = err.fieldErrors;
      if (needsConfirming) setStatusRefused(needsConfirming);
      if (moneyDue) {
        // Money is due: the refusal may have charged a late fee, so read the booking (and its new version) again.
        setCheckoutRefused(moneyDue);
        onRefresh();
      }
      return Boolean(needsConfirming || moneyDue);
    },
    onRefused: (err) => {
      if (err.status === 409 && err.message === adminMessages.stale) setStale(true);
    },
  });
  const { errors: serverErrors, clearError: touched, pending: busy } = form;
  const [editingCustomer, setEditingCustomer] = useState(false);

  const booked = choicesFromFlags(booking);
  const addOnsChanged = ADD_ONS.some((a) => stay.addOns[a.id] !== booked[a.id]);
  const dropOffMoved = dropOffDate !== booking.drop_off_date || dropOffTime !== booking.drop_off_time;
  const priceInputsChanged = dropOffMoved || pickUpDate !== booking.pick_up_date || pickUpTime !== booking.pick_up_time || addOnsChanged;
  // As on the server: the lead time applies to a drop-off being moved; a stay under way may be shortened or extended;
  // staff may move a drop-off into the night at short notice (they are the late-night notice).
  const repriced = useStayPrice(stay, { enforceLeadTime: dropOffMoved, enforceLateNight: false }, { skip: !priceInputsChanged });
  // Until the stay changes, its total is the booking's own (it may hold a price from before a change of prices).
  const price: StayPrice = !priceInputsChanged && repriced.state !== 'invalid' ? { state: 'priced', totalCents: dollarsToCents(booking.total_cost) } : repriced;
  const quoteErrors: Errors = {};
  if (!dropOffDate) quoteErrors.drop_off_date = messages.invalidDateTime;
  if (!pickUpDate) quoteErrors.pick_up_date = messages.invalidDateTime;
  for (const [k, v] of Object.entries(stayFieldErrors(price))) if (k in QUOTE_FIELDS) quoteErrors[QUOTE_FIELDS[k as keyof typeof QUOTE_FIELDS]] = v;
  const badFlights = flightErrors(flights);
  if (badFlights.departure) quoteErrors.departure_flight = badFlights.departure;
  if (badFlights.return) quoteErrors.return_flight = badFlights.return;
  const errors: Errors = { ...quoteErrors, ...serverErrors };
  const newTotalCents = price.state === 'priced' ? price.totalCents : null;

  const changes = (): Omit<AdminBookingEditInput, 'version'> => {
    const out: Omit<AdminBookingEditInput, 'version'> = {};
    if (dropOffDate !== booking.drop_off_date) out.drop_off_date = dropOffDate ?? '';
    if (dropOffTime !== booking.drop_off_time) out.drop_off_time = dropOffTime;
    if (pickUpDate !== booking.pick_up_date) out.pick_up_date = pickUpDate ?? '';
    if (pickUpTime !== booking.pick_up_time) out.pick_up_time = pickUpTime;
    if (registration.trim().toUpperCase() !== (booking.car_registration ?? '')) out.car_registration = registration.trim();
    if (bay.trim().toUpperCase() !== (booking.parking_bay_number ?? '')) out.parking_bay_number = bay.trim();
    if (normaliseFlightNumber(flights.departure) !== (booking.departure_flight ?? '')) out.departure_flight = flights.departure;
    if (normaliseFlightNumber(flights.return) !== (booking.return_flight ?? '')) out.return_flight = flights.return;
    if (status !== booking.status && status !== 'cancelled' && status !== 'payment_review') out.status = status;
    if (shuttle !== booking.shuttle_service) out.shuttle_service = shuttle;
    for (const a of ADD_ONS) if (stay.addOns[a.id] !== booked[a.id]) out[a.field] = stay.addOns[a.id];
    if (checkoutRefused && status === 'checkout' && overrideReason.trim()) out.checkout_override = overrideReason.trim();
    if (statusRefused && out.status && statusConfirmed && statusReason.trim()) out.status_override = { confirmed: true, reason: statusReason.trim() };
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(quoteErrors).length > 0 || newTotalCents === null) return;
    await form.run(async () => {
      const result = await save.mutateAsync({ id: booking.id, edit: { ...changes(), version: booking.updated_at } });
      const s = result.settlement;
      const refund = s.refund > 0 ? `; ${refundSplitText(splitRefund(dollarsToCents(s.refund), heldFromRoom(detail.refund_room)))} back` : '';
      toast({ title: 'Success', description: `${adminMessages.bookingUpdated}. Total ${formatDollars(s.total)}; balance due ${formatDollars(s.balance_due)}${refund}.`, variant: 'success' });
      onSaved(result);
    });
  };

  return (
    <>
      <FormDialog
        title="Edit Booking Details"
        descriptionId="admin-edit-customer"
        description={
          <>
            {booking.status === 'payment_review' && (
              <p className="alert alert-error" role="note">
                {booking.payment_review_reason === 'ended'
                  ? `The payment for this booking (${formatDollars(booking.amount_paid)}) arrived after its checkout had ended, so it is held for review; its places are counted again. Check the yard has room and the payment in Stripe,`
                  : `The payment received for this booking (${formatDollars(booking.amount_paid)}) did not match what its checkout asked, so it is held for review. Check it in Stripe,`}{' '}
                then set the status to Reservation to confirm it (the customer gets their receipt), or cancel it with a refund.
              </p>
            )}
            <div id="admin-edit-customer" className="admin-edit-customer">
              <dl>
                <div>
                  <dt>Customer</dt>
                  <dd>{booking.customer.name}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd className="break-anywhere">{booking.customer.email}</dd>
                </div>
                <div>
                  <dt>Contact</dt>
                  <dd>{booking.customer.contact_number}</dd>
                </div>
                <div>
                  <dt>Booking Ref</dt>
                  <dd>{booking.booking_reference || 'Not set'}</dd>
                </div>
                <div>
                  <dt>Services</dt>
                  <dd>{bookedAddOns(booking).map((a) => a.name).join(', ') || 'None'}</dd>
                </div>
                <div>
                  <dt>Balance due</dt>
                  <dd data-testid="admin-balance-due">{formatDollars(booking.balance_due)}</dd>
                </div>
              </dl>
              <div className="admin-actions">
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditingCustomer(true)}>
                  Edit Customer
                </button>
                {booking.balance_due > 0 && (booking.status === 'reservation' || booking.status === 'checkin' || booking.status === 'checkout') && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setPaying(true)}>
                    Record payment
                  </button>
                )}
                {booking.status !== 'payment_review' && (
                  <DownloadButton label="Download invoice" fetchFile={() => downloadBookingInvoice(booking.id)} filename={`${booking.booking_reference || 'booking'}-tax-invoice.pdf`} failedTitle="Could not download the invoice" />
                )}
                {detail.part_refund_max > 0 && (booking.status === 'reservation' || booking.status === 'checkin' || booking.status === 'checkout') && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setRefundingPart(true)}>
                    Refund part
                  </button>
                )}
                {(booking.status === 'reservation' || booking.status === 'checkin' || booking.status === 'payment_review') && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setCancelling(true)}>
                    Cancel Booking
                  </button>
                )}
              </div>
            </div>
            {cancelled && (
              <div className="alert alert-info" role="status">
                {adminMessages.notEditable}
              </div>
            )}
            {stale && (
              <div className="alert alert-error" role="alert">
                {adminMessages.stale}{' '}
                <button type="button" className="link-button" onClick={onReload}>
                  Reload booking
                </button>
              </div>
            )}
          </>
        }
        onClose={onClose}
        onSubmit={(e) => void submit(e)}
        busy={busy}
        submitDisabled={cancelled || stale || Object.keys(quoteErrors).length > 0 || newTotalCents === null}
      >
        <StayPriceEditor
          idPrefix="admin-edit"
          stay={stay}
          onChange={(next) => (setStay(next), touched('drop_off_date'), touched('drop_off_time'), touched('pick_up_date'), touched('pick_up_time'))}
          price={price}
          leadTime={false}
          errors={{ dropOffDate: errors.drop_off_date, dropOffTime: errors.drop_off_time, pickUpDate: errors.pick_up_date, pickUpTime: errors.pick_up_time }}
          staff
          hint="Choose valid dates to see the new total."
          total={(cents) => {
            const decided = previewSettlement(booking, cents, clockNow(), { actor: 'staff' });
            const preview = isPolicyError(decided) ? null : decided;
            return (
              <>
                <Field id="admin-edit-total" label="Total Cost" hint="Calculated automatically from the dates and services; it cannot be edited.">
                  {(control) => <input {...control} type="text" readOnly value={formatMoney(cents)} />}
                </Field>
                <p>
                  Paid {formatDollars(booking.amount_paid)}
                  {priceInputsChanged && <span className="muted"> · was {formatDollars(booking.total_cost)}</span>}
                </p>
                {preview && (
                  <>
                    <p>
                      <strong>Balance due at pick-up: {formatMoney(preview.balanceDueCents)}</strong>
                    </p>
                    {preview.refundCents > 0 && <p>{refundSplitText(splitRefund(preview.refundCents, heldFromRoom(detail.refund_room)))} will go back (what was paid in the yard is handed back there by you).</p>}
                    {preview.keptCents > 0 && preview.keptReason && (
                      <p>
                        {formatMoney(preview.keptCents)} paid beyond the new total is kept: {keptReasonText[preview.keptReason]}.
                      </p>
                    )}
                  </>
                )}
              </>
            );
          }}
        />
        <CarFields
          idPrefix="admin-edit"
          registration={registration}
          onRegistration={(v) => (setRegistration(v), touched('car_registration'))}
          bay={{ value: bay, onChange: (v) => (setBay(v), touched('parking_bay_number')) }}
          errors={errors}
        />
        <FlightFields
          idPrefix="admin-edit"
          value={flights}
          onChange={(next) => {
            setFlights(next);
            touched('departure_flight');
            touched('return_flight');
          }}
          errors={{ departure: errors.departure_flight, return: errors.return_flight }}
        />
        <Field id="admin-edit-status" label="Booking Status" error={errors.status}>
          {(control) => (
            <select {...control} value={status} onChange={(e) => (setStatus(e.target.value as StatusFilter), touched('status'))}>
              {adminStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
              {booking.status === 'payment_review' && (
                <option value="payment_review" disabled>
                  {statusLabels.payment_review}
                </option>
              )}
              {cancelled && (
                <option value="cancelled" disabled>
                  {statusLabels.cancelled}
                </option>
              )}
            </select>
          )}
        </Field>
        <label className="checkbox">
          <input type="checkbox" checked={shuttle} onChange={(e) => (setShuttle(e.target.checked), touched('shuttle_service'))} />
          <span>Shuttle Service Required</span>
        </label>
        {checkoutRefused && status === 'checkout' && booking.balance_due > 0 && (
          <div className="edit-checkout-refused">
            <p className="alert alert-error" role="alert">
              {balanceMessages.checkoutRefused(dollarsToCents(booking.balance_due))}
            </p>
            <TextField
              id="admin-edit-override"
              label="Reason for checking out with money due (admins)"
              value={overrideReason}
              onValueChange={setOverrideReason}
              error={overrideReason.trim() ? undefined : balanceMessages.overrideReasonNeeded}
            />
          </div>
        )}
        {statusRefused && status !== booking.status && (
          <div className="edit-status-refused">
            <p className="alert alert-error" role="alert">
              {statusRefused}
            </p>
            <label className="checkbox">
              <input type="checkbox" checked={statusConfirmed} onChange={(e) => setStatusConfirmed(e.target.checked)} />
              <span>I confirm this status change (admins)</span>
            </label>
            <TextField id="admin-edit-status-reason" label="Reason for the status change" value={statusReason} onValueChange={setStatusReason} error={statusReason.trim() ? undefined : statusMessages.reasonNeeded} />
          </div>
        )}
        {notes.length > 0 && (
          <section className="booking-notes" aria-label="Staff notes">
            <h3>Staff notes</h3>
            <ul>
              {notes.map((n) => (
                <li key={n.id}>
                  {n.text} <span className="muted">({n.author}, {nzStamp(n.at)}{n.flag_date ? `, flagged for ${n.flag_date}` : ''})</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* Damage claims after collection, beside the handover records (another feature's part; /admin is for admins, who decide). */}
        {booking.status === 'checkout' && (
          <section className="admin-claims" aria-label="Damage claims">
            <h3>Damage claims</h3>
            <Suspense fallback={<p className="muted">Loading damage claims...</p>}>
              <StaffDamageClaims bookingId={booking.id} canDecide />
            </Suspense>
          </section>
        )}
        <RefundLines booking={booking} lines={detail.refunds} onRetried={onRefresh} />
        <BookingHistory bookingId={booking.id} history={history} older={historyOlder} />
      </FormDialog>
      {/* A sibling, not a child: a submit inside it would otherwise bubble (through the portal) to this form. */}
      {cancelling && <CancelBookingDialog booking={booking} room={detail.refund_room} onClose={() => setCancelling(false)} onCancelled={onCancelled} />}
      {paying && (
        <RecordPaymentDialog
          booking={booking}
          onClose={() => setPaying(false)}
          onRecorded={() => {
            setPaying(false);
            onRefresh();
          }}
        />
      )}
      {refundingPart && (
        <PartRefundDialog
          booking={booking}
          maxRefund={detail.part_refund_max}
          room={detail.refund_room}
          onClose={() => setRefundingPart(false)}
          onRefunded={() => {
            setRefundingPart(false);
            onRefresh();
          }}
        />
      )}
      {editingCustomer && (
        <CustomerEditorDialog
          customerId={booking.customer_id}
          onClose={() => setEditingCustomer(false)}
          onSaved={(c) => {
            setEditingCustomer(false);
            onCustomerSaved(c);
          }}
        />
      )}
    </>
  );
}
