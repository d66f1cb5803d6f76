/**
 * /pass/<token>: the booking pass. The reference and the QR code the yard scans first, then the stay in
 * NZ time, the bay, what is due with Pay balance, the calendar and invoice downloads, directions, what to do on
 * arrival and where the shuttle stops, and the phone. The server decides what the traveller may do (`pass.can`);
 * the page shows only those buttons. "I've landed" is another feature's form: the app passes it in as `landed`.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BALANCE_CANCELED_PARAM, BALANCE_SESSION_PARAM } from '@shared/balance-return';
import { formatDollars } from '@shared/money';
import type { Pass } from '@shared/pass';
import { passMessages, passStatusLabels } from '@shared/pass-texts';
import { returnedPaymentText } from '@shared/returned-payment';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useToast } from '../../../ui/toast/ToastProvider';
import type { cancelByPass } from '../api/cancel-by-pass';
import { firstPass } from '../api/first-pass';
import { EARLY_QR_PROPERTY } from '../early-qr-property';
import { PassBoarding } from '../components/PassBoarding';
import { PassGuide } from '../components/PassGuide';
import { PassQrCode, QR_HINT } from '../components/PassQrCode';
import { PassSkeleton } from '../components/PassSkeleton';
import { PassRows, paymentRows, stayRows } from '../components/PassRows';
import { WalletButtons } from '../components/WalletButtons';
import '../pass.css';

// The buttons' requests go through the API client and the shared schemas (zod): loaded when pressed, so the pass's
// first load carries neither (its first read is first-pass.ts).
const actions = {
  pay: (token: string) => import('../api/balance-checkout').then((m) => m.startBalanceCheckout(token)),
  resend: (token: string) => import('../api/resend-confirmation').then((m) => m.resendConfirmation(token)),
  emailInvoice: (token: string) => import('../api/email-invoice').then((m) => m.emailInvoice(token)),
  cancel: (token: string) => import('../api/cancel-by-pass').then((m) => m.cancelByPass(token)),
  checkPayment: (sessionId: string, token: string, signal: AbortSignal) => import('../api/check-balance-payment').then((m) => m.checkBalancePayment(sessionId, token, signal)),
  returnMessages: () => import('../api/check-balance-payment').then((m) => m.balanceReturnMessages),
  terms: (token: string, signal: AbortSignal) => import('../api/get-pass').then((m) => m.fetchPass(token, signal)).then((p) => p.cancellation),
};

// Only a traveller who presses Cancel needs the dialog (Radix Dialog and its focus and scroll locks): a chunk of its own.
const CancelByTermsDialog = lazy(() => import('../../../ui/CancelByTermsDialog').then((m) => ({ default: m.CancelByTermsDialog<Awaited<ReturnType<typeof cancelByPass>>> })));

export interface PassPageProps {
  /** The "I've landed" form, shown on the return day where the pass offers it. */
  landed?: (pass: Pass) => ReactNode;
  /** Damage reports (another feature's section), shown once the car is collected: 48 hours to report, then how to contact us. */
  claims?: (pass: Pass) => ReactNode;
}

/** What the page says on the way back from paying the balance: the payment received, not made, or not yet known. */
type PaymentNote = { kind: 'paid' | 'canceled' | 'failed'; text: string };

type View = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; pass: Pass; apiBase: string };

export default function PassPage({ landed, claims }: PassPageProps) {
  const { token = '' } = useParams();
  const [view, setView] = useState<{ token: string; view: View } | null>(null);
  const current: View = view?.token === token ? view.view : { kind: 'loading' };
  useDocumentMeta(current.kind === 'ready' ? `Booking pass ${current.pass.reference}` : 'Booking pass', 'Your Runway Parking booking pass.');

  useEffect(() => {
    const abort = new AbortController();
    firstPass(token, abort.signal).then(
      ({ pass, apiBase }) => setView({ token, view: { kind: 'ready', pass, apiBase } }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setView({ token, view: { kind: 'missing', message: e instanceof ApiError && e.status === 404 ? passMessages.notFound : passMessages.loadFailed } });
      },
    );
    return () => {
      abort.abort();
      // The shell's early QR code (early-qr.ts) is this pass's: another pass's skeleton must not show it.
      document.documentElement.style.removeProperty(EARLY_QR_PROPERTY);
    };
  }, [token]);

  const paymentNote = useBalanceReturn(token, (pass) => setView((v) => (v?.token === token && v.view.kind === 'ready' ? { token, view: { ...v.view, pass } } : v)));

  return (
    <section className="section pass-page">
      <div className="container narrow">
        {current.kind === 'loading' && <PassSkeleton />}
        {current.kind === 'missing' && (
          <div className="card status-card">
            <h1 className="page-title">Booking pass</h1>
            <p className="alert alert-error" role="alert">
              {current.message}
            </p>
            <p>
              <Link to="/manage-booking" className="btn btn-primary">
                Manage my booking
              </Link>
            </p>
          </div>
        )}
        {current.kind === 'ready' && (
          <PassView pass={current.pass} apiBase={current.apiBase} landed={landed} claims={claims} paymentNote={paymentNote} onChange={(pass) => setView({ token, view: { ...current, pass } })} />
        )}
      </div>
    </section>
  );
}

/**
 * Back from paying the balance (`?balance_session=`, or `?balance=canceled` when it was not paid): the payment is
 * checked (the check records it if the webhook is late), the pass read again, and the page says what happened; the
 * parameters leave the address.
 */
function useBalanceReturn(token: string, onPass: (pass: Pass) => void): PaymentNote | null {
  const [params, setParams] = useSearchParams();
  const session = params.get(BALANCE_SESSION_PARAM);
  const canceled = params.get(BALANCE_CANCELED_PARAM) === 'canceled';
  const [note, setNote] = useState<PaymentNote | null>(null);
  useEffect(() => {
    if (!session && !canceled) return;
    const abort = new AbortController();
    const done = () => setParams((p) => (p.delete(BALANCE_SESSION_PARAM), p.delete(BALANCE_CANCELED_PARAM), p), { replace: true });
    if (canceled) {
      void actions.returnMessages().then((m) => setNote({ kind: 'canceled', text: m.canceled }));
      done();
      return;
    }
    actions
      .checkPayment(session!, token, abort.signal)
      .then(({ pass, message }) => {
        onPass(pass);
        setNote({ kind: 'paid', text: message });
      })
      .catch(async (e: unknown) => {
        if ((e as Error).name !== 'AbortError') setNote({ kind: 'failed', text: (await actions.returnMessages()).checkFailed });
      })
      .finally(() => !abort.signal.aborted && done());
    return () => abort.abort();
    // onPass is a new function each render; the check runs once per return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, canceled, token, setParams]);
  return note;
}

function PassView({ pass, apiBase, landed, claims, paymentNote, onChange }: { pass: Pass; apiBase: string; landed?: PassPageProps['landed']; claims?: PassPageProps['claims']; paymentNote: PaymentNote | null; onChange(p: Pass): void }) {
  const { toast } = useToast();
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState<'pay' | 'resend' | 'invoice' | null>(null);
  const base = `${apiBase}/pass/${encodeURIComponent(pass.token)}`;

  async function pay() {
    setBusy('pay');
    try {
      window.location.assign(await actions.pay(pass.token));
    } catch (e) {
      toast({ title: 'Could not start the payment', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
      setBusy(null);
    }
  }

  async function resend() {
    setBusy('resend');
    try {
      toast({ title: 'Confirmation sent', description: await actions.resend(pass.token), variant: 'success' });
    } catch (e) {
      toast({ title: 'Not sent', description: errorMessage(e, passMessages.resendFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function emailInvoice() {
    setBusy('invoice');
    try {
      toast({ title: 'Invoice sent', description: await actions.emailInvoice(pass.token), variant: 'success' });
    } catch (e) {
      toast({ title: 'Not sent', description: errorMessage(e, passMessages.invoiceEmailFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="pass">
      <div className="card pass-head">
        <h1 className="page-title">Booking pass</h1>
        <p className="pass-reference">
          <span>Booking reference</span>
          <strong data-testid="pass-reference">{pass.reference}</strong>
        </p>
        <p>
          <span className="pass-status" data-status={pass.status}>{passStatusLabels[pass.status]}</span>
        </p>
        {paymentNote && (
          <p className={`alert ${paymentNote.kind === 'paid' ? 'alert-success' : paymentNote.kind === 'failed' ? 'alert-error' : 'alert-info'}`} role="status" data-testid="pass-payment-note">
            {paymentNote.text}
          </p>
        )}
        {pass.status !== 'cancelled' && <PassQrCode value={pass.pass_url} reference={pass.reference} />}
        <PassBoarding pass={pass} />
        {pass.status !== 'cancelled' && <p className="muted small">{QR_HINT}</p>}
      </div>

      <section className="card pass-section" aria-labelledby="pass-stay">
        <h2 id="pass-stay">Your stay</h2>
        <PassRows rows={stayRows} pass={pass} />
        <p className="muted small">All times are New Zealand time.</p>
      </section>

      {/* Below the stay, not above it: on the return day it appears without moving what the first screen shows. */}
      {landed && pass.can.say_landed && (
        <section className="card pass-section" aria-label="I've landed">
          {landed(pass)}
        </section>
      )}

      {claims && pass.status === 'checkout' && (
        <section className="card pass-section" aria-labelledby="pass-damage">
          <h2 id="pass-damage">Report damage</h2>
          {claims(pass)}
        </section>
      )}

      <section className="card pass-section" aria-labelledby="pass-money">
        <h2 id="pass-money">Payment</h2>
        <PassRows rows={paymentRows} pass={pass} />
        {/* A balance paid online that was not needed (paid twice, after a cancellation, beyond what was due): said plainly. */}
        {pass.returned_payments.map((p, i) => (
          <p key={i} className="small" role="status" data-testid="pass-returned-payment">
            {returnedPaymentText(pass.reference, p)}
          </p>
        ))}
        {pass.can.pay_balance && (
          <button type="button" className="btn btn-accent btn-block" onClick={() => void pay()} disabled={busy !== null}>
            {busy === 'pay' ? 'Opening payment...' : `Pay balance ${formatDollars(pass.balance_due)}`}
          </button>
        )}
        <div className="pass-actions">
          {pass.can.add_to_calendar && (
            <a className="btn btn-outline" href={`${base}/calendar.ics`} download>
              Add to calendar
            </a>
          )}
          {/* An invoice over $1,000 names the buyer: this link is forwarded, so it goes to the booking's own e-mail instead. */}
          {pass.invoice === 'email' ? (
            <button type="button" className="btn btn-outline" onClick={() => void emailInvoice()} disabled={busy !== null} aria-describedby="pass-invoice-hint">
              {busy === 'invoice' ? 'Sending...' : 'E-mail invoice'}
            </button>
          ) : (
            <a className="btn btn-outline" href={`${base}/invoice.pdf`} download>
              Download invoice
            </a>
          )}
          {/* Here rather than under the QR code: offered or not (the operator's set-up), nothing on the first screen moves. */}
          <WalletButtons wallet={pass.wallet} passApi={base} />
          {pass.can.resend_confirmation && (
            <button type="button" className="btn btn-outline" onClick={() => void resend()} disabled={busy !== null}>
              {busy === 'resend' ? 'Sending...' : 'Resend confirmation'}
            </button>
          )}
          {pass.can.cancel && (
            <button type="button" className="btn btn-outline pass-cancel" onClick={() => setCancelling(true)}>
              Cancel booking
            </button>
          )}
        </div>
        {pass.invoice === 'email' && (
          <p className="muted small" id="pass-invoice-hint">
            {passMessages.invoiceByEmailHint}
          </p>
        )}
        {!pass.can.cancel && pass.status === 'reservation' && pass.cancellation.reason && <p className="muted small">{pass.cancellation.reason}</p>}
      </section>

      <PassGuide />

      {cancelling && (
        <Suspense fallback={null}>
        <CancelByTermsDialog
          reference={pass.reference}
          dropOff={pass.drop_off}
          loadTerms={(signal) => actions.terms(pass.token, signal)}
          cancel={() => actions.cancel(pass.token)}
          onClose={() => setCancelling(false)}
          onCancelled={(done) => {
            setCancelling(false);
            onChange(done.pass);
          }}
        />
        </Suspense>
      )}
    </div>
  );
}
