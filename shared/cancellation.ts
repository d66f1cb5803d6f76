/**
 * Cancelling a paid booking (docs/product-rules.md, 'Money after payment'): a customer may cancel their own booking up
 * to the drop-off time; 48 hours or more before it (the earliest drop-off it has had), everything paid comes back
 * less a $20 fee and less what earlier changes refunded; less than 48 hours, nothing (shared/money-policy.ts).
 * Staff may cancel any booking still to come or in the yard, refunding $0 up to what is held, above the terms
 * only with a reason. Pure, so the dialog shows exactly the refund the server will make.
 */
import * as z from 'zod';
import { editVersion } from './text';
import { formatMoney, type Cents } from './money';
import { decideMoney, isPolicyError, keptReasonText, refundDollarsSchema, refundInputMessages, refundReasonSchema, type KeptReason } from './money-policy';
import { nzInstant } from './nz-time';
import { customerBookingSchema } from './customer-bookings';
import { site } from './site';

export { CANCELLATION_FEE_CENTS, FULL_REFUND_HOURS } from './money-policy';

export const cancellationMessages = {
  cancelled: 'Booking cancelled',
  failed: 'Failed to cancel booking',
  tooLate: `This booking can no longer be cancelled online: its drop-off time has passed. Please call us on ${site.phone}.`,
  notCancellable: 'Only a booking that is still to come or in the yard can be cancelled',
  alreadyCancelled: 'This booking is already cancelled',
  refundTooLarge: (paidCents: Cents) => `The refund can be at most ${formatMoney(paidCents)} (what was paid)`,
  refundInvalid: refundInputMessages.refundInvalid,
  stale: 'This booking was changed in the meantime. Please check the latest details and try again.',
} as const;

export interface CancellationTerms {
  cancellable: boolean;
  /** Why not, when it is not. */
  reason: string | null;
  paidCents: Cents;
  refundCents: Cents;
  /** The $20 fee's part of what is kept (none when nothing comes back because it is too late). */
  feeCents: Cents;
  /** Everything held and not refunded, and why (shared/money-policy.ts). */
  keptCents: Cents;
  keptReason: KeptReason | null;
}

/** The booking as the terms read it: its money and stay (a stored booking, or the API's copy in the dialogs). */
export interface CancellableBooking {
  status: string;
  dropOffDate: string;
  dropOffTime: string;
  totalCents: Cents;
  paidCents: Cents;
  /** Refunds already granted: they count against what cancelling gives. */
  refundedCents: Cents;
  /** The earliest drop-off the booking has had (ISO), when it moved. */
  termsDropOffAt?: string | null;
}

/** What a customer cancelling now gets back: the customer money policy's figure for a cancellation. */
export function customerCancellation(b: CancellableBooking, now: Date): CancellationTerms {
  const none = { paidCents: b.paidCents, refundCents: 0, feeCents: 0, keptCents: 0, keptReason: null };
  if (b.status === 'cancelled') return { cancellable: false, reason: cancellationMessages.alreadyCancelled, ...none };
  if (b.status !== 'reservation') return { cancellable: false, reason: cancellationMessages.notCancellable, ...none };
  const dropOffAt = nzInstant({ date: b.dropOffDate, time: b.dropOffTime });
  if (!dropOffAt || dropOffAt.getTime() <= now.getTime()) return { cancellable: false, reason: cancellationMessages.tooLate, ...none };
  const recorded = b.termsDropOffAt ? new Date(b.termsDropOffAt) : dropOffAt;
  const termsDropOffAt = recorded.getTime() < dropOffAt.getTime() ? recorded : dropOffAt;
  const d = decideMoney({ totalCents: b.totalCents, heldCents: b.paidCents, refundedCents: b.refundedCents, termsDropOffAt, dropOffAt }, { kind: 'cancel' }, { actor: 'customer' }, now);
  if (isPolicyError(d)) throw new Error(d.error); // the customer policy chooses no refund of its own
  return { cancellable: true, reason: null, paidCents: b.paidCents, refundCents: d.refundCents, feeCents: d.keptReason === 'fee' ? d.keptCents : 0, keptCents: d.keptCents, keptReason: d.keptReason };
}

/** The terms' wording for what a cancellation keeps (the dialog and the e-mail print it). */
export const keptText = (reason: KeptReason | null): string | null => (reason ? keptReasonText[reason] : null);

/** GET /api/me/bookings/{id}/cancellation: the terms in dollars. */
export const cancellationTermsSchema = z.object({
  cancellable: z.boolean(),
  reason: z.string().nullable(),
  paid: z.number(),
  refund: z.number(),
  fee: z.number(),
  /** What would be kept, and why, in the terms' words. */
  kept: z.number(),
  kept_reason: z.string().nullable(),
});
export type CancellationTermsResponse = z.infer<typeof cancellationTermsSchema>;

/** POST /api/admin/bookings/{id}/cancellation: the refund in dollars (0 up to what was paid). */
export const adminCancellationSchema = z.strictObject({
  refund: refundDollarsSchema,
  /** Needed when the refund is above the customer terms; recorded with it. */
  reason: refundReasonSchema.optional(),
  /** The booking's `updated_at` as the dialog read it. */
  version: editVersion('Reload the booking and try again').optional(),
});
export type AdminCancellation = z.infer<typeof adminCancellationSchema>;

/** What a cancellation answers (both routes): the booking as it now stands (snake_case field names) and the refund in dollars. */
export const cancelledBookingResponseSchema = z.object({ booking: customerBookingSchema, refund: z.number() });
