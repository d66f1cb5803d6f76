import { Link } from 'react-router-dom';

/**
 * The server's 'You already have RP-... for these dates' (a paid booking of the same e-mail, car and dates): paying
 * again makes a second booking and a second payment, so it happens only when the traveller says so.
 */
export function DuplicateTripAlert({ message, busy, onBookAnyway }: { message: string; busy: boolean; onBookAnyway(): void }) {
  return (
    <div className="alert alert-warning" role="alert" aria-labelledby="duplicate-trip-title">
      <strong id="duplicate-trip-title">{message}</strong>
      <p className="alert-detail">
        Your earlier booking is confirmed and paid. Paying now makes a second booking and a second payment. Keep the
        booking you have, or book again if you mean to.
      </p>
      <div className="form-actions">
        <Link to="/" className="btn btn-outline">
          Keep my booking
        </Link>
        <button type="button" className="btn btn-accent" disabled={busy} aria-busy={busy} onClick={onBookAnyway}>
          Book anyway
        </button>
      </div>
    </div>
  );
}
