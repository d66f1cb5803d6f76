/**
 * A booking's refunds as the admin's booking view shows them (issue 26): each refund line with its state, so a
 * failed one can be retried, and the most a part refund can give back now (the form's headroom). Pure, so the
 * dialog and the server agree.
 */
import * as z from 'zod';
import type { Cents } from './money';

export const refundLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Dollars given back (positive). */
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  note: z.string(),
  /** Made in Stripe's dashboard, recorded from Stripe's list: the app neither sends nor retries it. */
  outside: z.boolean(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const refundRetryMessages = {
  notFound: 'Refund not found',
  outside: 'A refund made in Stripe is retried in Stripe',
  retried: 'Refund sent again',
  notFailed: 'This refund has not failed: nothing to retry',
  failed: 'Failed to retry the refund',
} as const;

/**
 * The most a part refund can give back (POST /api/admin/bookings/{id}/refunds). Lowering the total by x frees x of
 * what is held only when what is held covers the total (held - (total - x) >= x); a booking with a balance due frees
 * nothing (lower its price instead).
 */
export const partRefundHeadroomCents = (heldCents: Cents, totalCents: Cents): Cents => (heldCents >= totalCents ? totalCents : 0);
