/**
 * /manage-booking: a traveller without an account asks for a one-time link by reference and e-mail. Whatever the
 * server found, the page says the same sentence (the server's), so it never tells whether a booking exists.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { manageBookingMessages } from '@shared/manage-booking';
import { site } from '@shared/site';
import { ApiError } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { TextField } from '../../../ui/TextField';
import { requestManageLink } from '../api/request-link';

export default function ManageBookingPage({ notice }: { notice?: string }) {
  useDocumentMeta('Manage my booking', 'Find your Runway Parking booking with its reference and e-mail: we e-mail you a link to your booking pass.');
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      setSent(await requestManageLink(reference, email));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      else setFailure(err instanceof ApiError && err.status === 429 ? err.message : manageBookingMessages.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="section">
      <div className="container narrow">
        <div className="card manage-booking">
          <h1 className="page-title">Manage my booking</h1>
          {notice && (
            <p className="alert alert-error" role="alert">
              {notice}
            </p>
          )}
          <p>Booked without an account? Enter your booking reference and the e-mail you booked with. We will e-mail you a link to your booking pass, where you can see your booking, pay the balance, download the receipt or cancel.</p>
          {sent ? (
            <p className="alert alert-success" role="status">
              {sent}
            </p>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <TextField id="manage-reference" label="Booking reference" placeholder="RP-ABC234" autoComplete="off" value={reference} onValueChange={setReference} transform={(v) => v.toUpperCase()} error={errors.reference} />
              <TextField id="manage-email" label="Email" type="email" autoComplete="email" value={email} onValueChange={setEmail} error={errors.email} />
              {failure && (
                <p className="alert alert-error" role="alert">
                  {failure}
                </p>
              )}
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? 'Sending...' : 'Email me a link'}
              </button>
            </form>
          )}
          <p className="muted small">
            Have an account? <Link to="/login">Sign in</Link> to see all your bookings. No e-mail? Call us on <a href={site.phoneHref}>{site.phone}</a>.
          </p>
        </div>
      </div>
    </section>
  );
}
