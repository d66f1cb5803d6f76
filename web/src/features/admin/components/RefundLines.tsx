/**
 * The booking's refunds in the admin's booking view (issue 26): each line with what it gave back and its state. A
 * failed refund of the app's own offers Retry, which sends the same line again (the server does nothing for a line
 * that is no longer failed); a refund made in Stripe's dashboard is retried there.
 */
import { useState } from 'react';
import type { AdminBooking } from '@shared/admin';
import { formatMoney, dollarsToCents } from '@shared/money';
import { refundRetryMessages, type RefundLine } from '@shared/refund-lines';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { retryRefundLine } from '../api/retry-refund';

const STATE: Record<RefundLine['status'], string> = { pending: 'Sending', succeeded: 'Refunded', failed: 'Refund failed' };

export function RefundLines({ booking, lines, onRetried }: { booking: AdminBooking; lines: readonly RefundLine[]; onRetried(): void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (lines.length === 0) return null;
  const retry = (line: RefundLine) => {
    setBusy(line.id);
    retryRefundLine(booking.id, line.id)
      .then((done) => {
        const now = done.refunds.find((l) => l.id === line.id);
        toast({ title: done.retried ? refundRetryMessages.retried : 'Nothing to retry', description: `${formatMoney(dollarsToCents(line.amount))}: ${now ? STATE[now.status] : ''}`, variant: done.retried ? 'success' : undefined });
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
              <strong>{formatMoney(dollarsToCents(l.amount))}</strong> {STATE[l.status]}
              {l.outside ? ' (in Stripe)' : ''} <span className="muted small">{l.note}</span>
            </span>
            {l.status === 'failed' && !l.outside && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => retry(l)} disabled={busy !== null} aria-label={`Retry refund of ${formatMoney(dollarsToCents(l.amount))}`}>
                {busy === l.id ? 'Retrying...' : 'Retry'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
