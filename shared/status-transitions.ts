/**
 * How a booking's status may move (docs/product-rules.md, 'Statuses and who may move them'): one step forward, Reservation ->
 * Check-in from the drop-off day (New Zealand date) and Check-in -> Check-out. Anything else (backwards, early,
 * skipping a step, out of Cancelled or Payment review) is an exception: only an admin makes it, confirming it and
 * giving a reason that the booking's history keeps. Pure, so the yard screen, the admin dialog and the server agree.
 */
import * as z from 'zod';
import { refundReasonSchema } from './money-policy';

export type StatusName = 'reservation' | 'checkin' | 'checkout' | 'payment_review' | 'cancelled';

const labels: Record<StatusName, string> = { reservation: 'Reservation', checkin: 'Check-in', checkout: 'Check-out', payment_review: 'Payment review', cancelled: 'Cancelled' };

/** Why a move is not a plain step forward. */
export type ExceptionKind = 'early' | 'backwards' | 'skip' | 'reopen';

export type StatusMove = { kind: 'same' } | { kind: 'step' } | { kind: 'exception'; why: ExceptionKind };

const order: Partial<Record<StatusName, number>> = { reservation: 0, checkin: 1, checkout: 2 };

/**
 * The move from `from` to `to` for a booking dropped off on `dropOffDate`, on NZ date `today`. Confirming a payment
 * held for review (Payment review -> Reservation) is the reviewing admin's step, not an exception.
 */
export function statusMove(from: StatusName, to: StatusName, dropOffDate: string, today: string): StatusMove {
  if (from === to) return { kind: 'same' };
  if (from === 'payment_review' && to === 'reservation') return { kind: 'step' };
  const a = order[from];
  const b = order[to];
  if (a === undefined || b === undefined) return { kind: 'exception', why: 'reopen' };
  if (b < a) return { kind: 'exception', why: 'backwards' };
  if (b > a + 1) return { kind: 'exception', why: 'skip' };
  if (to === 'checkin' && today < dropOffDate) return { kind: 'exception', why: 'early' };
  return { kind: 'step' };
}

export const statusMessages = {
  early: (dropOffDate: string) => `This booking can be checked in from its drop-off day, ${dropOffDate}. An admin can check it in early with a reason.`,
  backwards: 'A status moves forward only. An admin can move it back with a confirmation and a reason.',
  skip: 'A booking is checked in before it is checked out. An admin can skip the step with a confirmation and a reason.',
  reopen: (from: StatusName) => `A booking in ${labels[from]} does not move to another status without an admin's confirmation and reason.`,
  adminOnly: 'Only an admin can make this status change',
  reasonNeeded: 'Give the reason for this status change',
  confirmNeeded: 'Confirm the status change',
} as const;

/** The refusal's text for an exception made without an admin's override. */
export function exceptionMessage(from: StatusName, why: ExceptionKind, dropOffDate: string): string {
  if (why === 'early') return statusMessages.early(dropOffDate);
  if (why === 'reopen') return statusMessages.reopen(from);
  return statusMessages[why];
}

/** An admin's override of the status rules: an explicit confirmation and the reason for the history. */
export const statusOverrideSchema = z.strictObject({
  confirmed: z.literal(true, statusMessages.confirmNeeded),
  reason: refundReasonSchema.min(1, statusMessages.reasonNeeded),
});
export type StatusOverride = z.infer<typeof statusOverrideSchema>;

/** The history line of an override, e.g. 'Reservation -> Check-out (skip): car collected by the owner's son'. */
export const overrideHistoryValue = (from: StatusName, to: StatusName, why: ExceptionKind, reason: string): string => `${labels[from]} -> ${labels[to]} (${why}): ${reason}`;
