/**
 * Cancelling one's own booking: the dialog asks the server what the refund would be (48 hours or more before
 * drop-off: what was paid less $20; less: none) and says it before the customer confirms. The server works the
 * refund out again when cancelling; this figure is only shown.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { cancellationMessages, type CancellationTermsResponse } from '@shared/cancellation';
import type { CustomerBooking } from '@shared/customer-bookings';
import { formatShortDate, formatTime12 } from '@shared/format';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { cancelMyBooking, fetchCancellationTerms } from '../api/cancellation';

const money = (n: number) => `$${n.toFixed(2)}`;

export function CancelBookingDialog({ booking, onClose, onCancelled }: { booking: CustomerBooking; onClose(): void; onCancelled(b: CustomerBooking): void }) {
  const { toast } = useToast();
  const descriptionId = useId();
  const [terms, setTerms] = useState<CancellationTermsResponse | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchCancellationTerms(booking.id, abort.signal)
      .then(setTerms)
      .catch((e: unknown) => (e as Error).name !== 'AbortError' && setTerms('failed'));
    return () => abort.abort();
  }, [booking.id]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await cancelMyBooking(booking.id);
      toast({ title: cancellationMessages.cancelled, description: done.refund > 0 ? `${money(done.refund)} is on its way back to your card.` : 'No refund is due under the cancellation terms.', variant: 'success' });
      onCancelled(done.booking);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : cancellationMessages.failed);
      setBusy(false);
    }
  }

  const ready = typeof terms === 'object';
  return (
    <FormDialog
      title={`Cancel booking ${booking.booking_reference}`}
      description={
        <p id={descriptionId} className="muted">
          Drop-off {formatShortDate(booking.drop_off_date)} at {formatTime12(booking.drop_off_time)}
        </p>
      }
      descriptionId={descriptionId}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Cancel booking"
      closeLabel="Keep booking"
      busyLabel="Cancelling..."
      busy={busy}
      submitDisabled={!ready || !terms.cancellable}
      submitClass="btn-danger"
    >
      <div className="cancel-terms" role="status">
        {terms === 'loading' && <p className="muted">Working out your refund...</p>}
        {terms === 'failed' && <p className="alert alert-error">Could not work out the refund. Please try again.</p>}
        {ready && !terms.cancellable && <p className="alert alert-error">{terms.reason}</p>}
        {ready && terms.cancellable && (
          <dl>
            <div>
              <dt>Paid</dt>
              <dd>{money(terms.paid)}</dd>
            </div>
            <div>
              <dt>Refund to your card</dt>
              <dd>
                <strong>{money(terms.refund)}</strong>
              </dd>
            </div>
            <div>
              <dt>Kept</dt>
              <dd>{terms.kept > 0 ? `${money(terms.kept)} (${terms.kept_reason})` : money(0)}</dd>
            </div>
          </dl>
        )}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
