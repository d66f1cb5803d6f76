/**
 * What a refund did, in staff's words, from its lines as the server answered them: made, on its way or failed (with
 * Stripe's reason) for the card; handed back, or still to hand back, in the yard. The screen says what happened, never
 * "made" for a refund that failed.
 */
import { formatDollars } from '@shared/money';
import { refundWayText, type RefundLine } from '@shared/refund-lines';

export interface Outcome {
  title: string;
  description: string;
  variant: 'success' | 'destructive' | undefined;
}

const amount = (l: RefundLine) => formatDollars(l.amount);

/** One line's state as the booking's refunds list and the toasts say it. */
export function lineState(l: RefundLine): string {
  if (l.way !== 'online') return l.status === 'succeeded' ? `Handed back ${refundWayText[l.way]}` : `To hand back ${refundWayText[l.way]}`;
  return { pending: 'Sending to the card', succeeded: 'Refunded to the card', failed: 'Refund failed' }[l.status];
}

export function refundOutcome(lines: readonly RefundLine[]): Outcome {
  const failed = lines.filter((l) => l.status === 'failed');
  if (failed.length > 0) {
    const why = failed.map((l) => `${amount(l)} was not refunded to the card: ${(l.reason ?? 'no reason was given').replace(/\.+$/, '')}`).join('; ');
    return { title: 'Refund failed', description: `${why}. It is still owed to the customer: retry it from the booking.`, variant: 'destructive' };
  }
  const said = lines.map((l) => {
    if (l.way !== 'online') return l.status === 'succeeded' ? `${amount(l)} handed back ${refundWayText[l.way]}, recorded` : `${amount(l)} to hand back ${refundWayText[l.way]}`;
    return l.status === 'succeeded' ? `${amount(l)} back to the card` : `${amount(l)} on its way to the card`;
  });
  const sending = lines.some((l) => l.status === 'pending');
  return { title: sending ? 'Refund on its way' : 'Refund made', description: `${said.join('; ')}.`, variant: 'success' };
}
