/**
 * The booking's refunds in the admin's booking view: each line with what it gave back, how (to the card, or
 * handed back in the yard and by whom) and its state; a failed one says why. A failed refund of the app's own offers
 * Retry, which sends the same line again (the server does nothing for a line that is no longer failed); a refund made
 * in Stripe's dashboard is retried there. Money still to hand back in the yard offers Record handed back.
 */
import { useState } from 'react';
import type { AdminBooking } from '@shared/admin';
import { formatDollars } from '@shared/money';
import { refundRetryMessages, refundWayText, type RefundLine } from '@shared/refund-lines';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { retryRefundLine } from '../api/retry-refund';
import { lineState } from '../refund-outcome';

export function RefundLines({ booking, lines, onRetried }: { booking: AdminBooking; lines: readonly RefundLine[]; onRetried(): void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (lines.length === 0) return null;
  const retry = (line: RefundLine) => {
    setBusy(line.id);
    retryRefundLine(booking.id, line.id)
      .then((done) => {
        const now = done.refunds.find((l) => l.id === line.id);
        const handing = line.way !== 'online';
        const failedAgain = now?.status === 'failed';
        toast({
          title: failedAgain ? 'Refund failed' : handing ? refundRetryMessages.handedBack : done.retried ? refundRetryMessages.retried : 'Nothing to retry',
          description: `${formatDollars(line.amount)}: ${now ? lineState(now) : ''}${failedAgain && now.reason ? ` (${now.reason})` : ''}`,
          variant: failedAgain ? 'destructive' : done.retried ? 'success' : undefined,
        });
        onRetried();
      })
      .catch((e: unknown) => toast({ title: 'Error', description: errorMessage(e, refundRetryMessages.failed), variant: 'destructive' }))
      .finally(() => setBusy(null));
  };
  return (
    <section className="admin-refunds" aria-label="Refunds">
      <h3>Refunds</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.id} className={l.status === 'failed' ? 'admin-refund-failed' : undefined}>
            <span>
              <strong>{formatDollars(l.amount)}</strong> {lineState(l)}
              {l.outside ? ' (in Stripe)' : ''}
              {l.by ? ` by ${l.by}` : ''} <span className="muted small">{l.note}</span>
              {l.status === 'failed' && l.reason && <span className="admin-refund-reason"> Why: {l.reason}</span>}
            </span>
            {l.way !== 'online' && l.status === 'pending' && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => retry(l)} disabled={busy !== null} aria-label={`Record ${formatDollars(l.amount)} handed back ${refundWayText[l.way]}`}>
                {busy === l.id ? 'Recording...' : 'Record handed back'}
              </button>
            )}
            {l.way === 'online' && l.status === 'failed' && !l.outside && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => retry(l)} disabled={busy !== null} aria-label={`Retry refund of ${formatDollars(l.amount)}`}>
                {busy === l.id ? 'Retrying...' : 'Retry'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
