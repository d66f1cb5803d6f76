/** Find a booking by reference, phone, registration or name (the server's search forgives how it is typed). */
import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { errorMessage } from '../../../lib/api-client';
import { searchBookings } from '../api/yard-api';

export function YardSearch({ onOpen }: { onOpen(id: string): void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<AdminBooking[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    try {
      setFound((await searchBookings(q.trim())).items);
      setError(null);
    } catch (err) {
      setError(errorMessage(err, 'Failed to load bookings'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="yard-card" aria-labelledby="yard-search-title">
      <h2 id="yard-search-title">Find a booking</h2>
      <form role="search" className="yard-search" onSubmit={(e) => void submit(e)}>
        <label htmlFor="yard-search-q" className="sr-only">
          Reference, phone, registration or name
        </label>
        <input id="yard-search-q" type="search" placeholder="Reference, phone, registration or name" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Search
        </button>
      </form>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {found && found.length === 0 && <p className="muted">No bookings found.</p>}
      {found && found.length > 0 && (
        <ul className="yard-rows">
          {found.map((b) => (
            <li key={b.id}>
              <button type="button" className="yard-row" onClick={() => onOpen(b.id)}>
                <span className="yard-row-main">
                  <strong>{b.booking_reference}</strong>
                  <span>
                    {b.customer.name} · {b.car_registration ?? 'No registration'} · {b.drop_off_date}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
