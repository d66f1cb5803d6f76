/**
 * Cancelling a paid booking (design: 'Money after a booking is paid'): a customer may cancel their own booking up
 * to the drop-off time; 48 hours or more before it, everything paid comes back less a $20 fee; less than 48
 * hours, nothing. Staff may cancel any booking still to come or in the yard, refunding $0 up to what was paid.
 * Pure, so the dialog shows exactly the refund the server will make.
 */
import * as z from 'zod';
import { editVersion } from './text';
import { formatMoney, type Cents } from './money';
import { nzInstant } from './nz-time';
import { customerBookingSchema } from './customer-bookings';
import { site } from './site';

export const CANCELLATION_FEE_CENTS = 2000;
export const FULL_REFUND_HOURS = 48;

export const cancellationMessages = {
  cancelled: 'Booking cancelled',
  failed: 'Failed to cancel booking',
  tooLate: `This booking can no longer be cancelled online: its drop-off time has passed. Please call us on ${site.phone}.`,
  notCancellable: 'Only a booking that is still to come or in the yard can be cancelled',
  alreadyCancelled: 'This booking is already cancelled',
  refundTooLarge: (paidCents: Cents) => `The refund can be at most ${formatMoney(paidCents)} (what was paid)`,
  refundInvalid: 'Enter a refund in dollars and cents, $0 or more',
  stale: 'This booking was changed in the meantime. Please check the latest details and try again.',
} as const;

export interface CancellationTerms {
  cancellable: boolean;
  /** Why not, when it is not. */
  reason: string | null;
  paidCents: Cents;
  refundCents: Cents;
  feeCents: Cents;
}

/** What a customer cancelling now gets back. */
export function customerCancellation(b: { status: string; dropOffDate: string; dropOffTime: string; paidCents: Cents }, now: Date = new Date()): CancellationTerms {
  const none = { paidCents: b.paidCents, refundCents: 0, feeCents: 0 };
  if (b.status === 'cancelled') return { cancellable: false, reason: cancellationMessages.alreadyCancelled, ...none };
  if (b.status !== 'reservation') return { cancellable: false, reason: cancellationMessages.notCancellable, ...none };
  const dropOff = nzInstant({ date: b.dropOffDate, time: b.dropOffTime });
  if (!dropOff || dropOff.getTime() <= now.getTime()) return { cancellable: false, reason: cancellationMessages.tooLate, ...none };
  const early = dropOff.getTime() - now.getTime() >= FULL_REFUND_HOURS * 3_600_000;
  if (!early) return { cancellable: true, reason: null, ...none };
  const refundCents = Math.max(0, b.paidCents - CANCELLATION_FEE_CENTS);
  return { cancellable: true, reason: null, paidCents: b.paidCents, refundCents, feeCents: b.paidCents - refundCents };
}

/** GET /api/me/bookings/{id}/cancellation: the terms in dollars. */
export const cancellationTermsSchema = z.object({
  cancellable: z.boolean(),
  reason: z.string().nullable(),
  paid: z.number(),
  refund: z.number(),
  fee: z.number(),
});
export type CancellationTermsResponse = z.infer<typeof cancellationTermsSchema>;

/** POST /api/admin/bookings/{id}/cancellation: the refund in dollars (0 up to what was paid). */
export const adminCancellationSchema = z.strictObject({
  refund: z
    .number(cancellationMessages.refundInvalid)
    .min(0, cancellationMessages.refundInvalid)
    .max(100_000, cancellationMessages.refundInvalid)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, cancellationMessages.refundInvalid),
  /** The booking's `updated_at` as the dialog read it. */
  version: editVersion('Reload the booking and try again').optional(),
});
export type AdminCancellation = z.infer<typeof adminCancellationSchema>;

/** What a cancellation answers (both routes): the booking as it now stands (spec field names) and the refund in dollars. */
export const cancelledBookingResponseSchema = z.object({ booking: customerBookingSchema, refund: z.number() });
