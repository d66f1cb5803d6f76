/**
 * Cancelling a booking by the terms: the dialog shows what the server says the refund would be (48 hours or more
 * before drop-off: what was paid less $20; less: none) before the traveller confirms. The server works the refund
 * out again when cancelling; this figure is only shown. The dashboard and the pass each give it their own calls.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { cancellationMessages, type CancellationTermsResponse } from '@shared/cancellation';
import { formatShortDate, formatTime12 } from '@shared/format';
import { formatDollars } from '@shared/money';
import { errorMessage } from '../lib/api-client';
import { FormDialog } from './FormDialog';
import { useToast } from './toast/ToastProvider';
import './dialog.css';

export interface CancelByTermsDialogProps<T extends { refund: number }> {
  reference: string;
  dropOff: { date: string; time: string };
  loadTerms(signal: AbortSignal): Promise<CancellationTermsResponse>;
  cancel(): Promise<T>;
  onClose(): void;
  onCancelled(result: T): void;
}

export function CancelByTermsDialog<T extends { refund: number }>({ reference, dropOff, loadTerms, cancel, onClose, onCancelled }: CancelByTermsDialogProps<T>) {
  const { toast } = useToast();
  const descriptionId = useId();
  const [terms, setTerms] = useState<CancellationTermsResponse | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    loadTerms(abort.signal)
      .then(setTerms)
      .catch((e: unknown) => (e as Error).name !== 'AbortError' && setTerms('failed'));
    return () => abort.abort();
    // The terms are asked once per dialog; a new loader each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await cancel();
      toast({ title: cancellationMessages.cancelled, description: done.refund > 0 ? `${formatDollars(done.refund)} is on its way back to your card.` : 'No refund is due under the cancellation terms.', variant: 'success' });
      onCancelled(done);
    } catch (err) {
      setError(errorMessage(err, cancellationMessages.failed));
      setBusy(false);
    }
  }

  const ready = typeof terms === 'object';
  return (
    <FormDialog
      title={`Cancel booking ${reference}`}
      description={
        <p id={descriptionId} className="muted">
          Drop-off {formatShortDate(dropOff.date)} at {formatTime12(dropOff.time)}
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
              <dd>{formatDollars(terms.paid)}</dd>
            </div>
            <div>
              <dt>Refund to your card</dt>
              <dd>
                <strong>{formatDollars(terms.refund)}</strong>
              </dd>
            </div>
            <div>
              <dt>Kept</dt>
              <dd>{terms.kept > 0 ? `${formatDollars(terms.kept)} (${terms.kept_reason})` : formatDollars(0)}</dd>
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
