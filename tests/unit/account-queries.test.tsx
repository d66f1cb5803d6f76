// @vitest-environment happy-dom
/**
 * The account's queries and mutations (web/src/features/account/queries): My Bookings is read once and shared, and
 * cancelling or editing a booking changes the list on screen and has it read again from the server. The server is a
 * stand-in fetch that keeps the bookings in a variable.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerBooking } from '../../shared/customer-bookings';
import { useCancelMyBooking } from '../../web/src/features/account/queries/cancellation';
import { useMyBookings, useSaveMyBooking } from '../../web/src/features/account/queries/my-bookings';

const config = { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const booking = (id: string, ref: string): CustomerBooking => ({
  id,
  booking_reference: ref,
  user_id: 'u1',
  customer_id: 'c1',
  customer: { name: 'Ana Smith', email: 'ana@example.com', contact_number: '021 555 0101' },
  drop_off_date: '2030-03-01',
  drop_off_time: '09:00',
  pick_up_date: '2030-03-05',
  pick_up_time: '10:00',
  departure_flight: null,
  return_flight: null,
  car_registration: 'ABC123',
  parking_bay_number: null,
  status: 'reservation',
  shuttle_service: true,
  car_wash: false,
  car_cleaning: false,
  car_detailing: false,
  car_servicing: false,
  total_cost: 60,
  days: 5,
  amount_paid: 60,
  balance_due: 0,
  payment_review_reason: null,
  refunded: 0,
  terms_drop_off_at: '2030-03-01T09:00:00+13:00',
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
});

let server: CustomerBooking[];
let listReads: number;
beforeEach(() => {
  server = [booking('b1', 'RP-AAAAAA'), booking('b2', 'RP-BBBBBB')];
  listReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/config.json') return json(200, config);
      const method = init?.method ?? 'GET';
      if (url === '/api/me/bookings' && method === 'GET') {
        listReads += 1;
        return json(200, { bookings: server });
      }
      const cancel = /^\/api\/me\/bookings\/(\w+)\/cancellation$/.exec(url);
      if (cancel && method === 'POST') {
        server = server.map((b) => (b.id === cancel[1] ? { ...b, status: 'cancelled' } : b));
        return json(200, { booking: server.find((b) => b.id === cancel[1]), refund: 60 });
      }
      const edit = /^\/api\/me\/bookings\/(\w+)$/.exec(url);
      if (edit && method === 'PATCH') {
        const body = JSON.parse(String(init?.body)) as { pick_up_date: string };
        server = server.map((b) => (b.id === edit[1] ? { ...b, pick_up_date: body.pick_up_date } : b));
        return json(200, { booking: server.find((b) => b.id === edit[1]), settlement: { total: 60, balance_due: 0, refund: 0, kept: 0, kept_reason: null } });
      }
      return json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Bookings() {
  const { data, error } = useMyBookings();
  const cancel = useCancelMyBooking();
  const save = useSaveMyBooking();
  if (error) return <p>failed</p>;
  if (!data) return <p>loading</p>;
  return (
    <ul>
      {data.map((b) => (
        <li key={b.id}>
          {b.booking_reference}: {b.status}, pick-up {b.pick_up_date}
          <button type="button" onClick={() => void cancel.mutateAsync(b.id)}>
            Cancel {b.booking_reference}
          </button>
          <button type="button" onClick={() => void save.mutateAsync({ id: b.id, edit: { pick_up_date: '2030-03-07', pick_up_time: '10:00', version: b.updated_at } })}>
            Move {b.booking_reference}
          </button>
        </li>
      ))}
    </ul>
  );
}

const renderBookings = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Bookings />
      <Bookings />
    </QueryClientProvider>,
  );

describe('My Bookings through the query layer', () => {
  it('reads the list once for every part of the page that shows it', async () => {
    renderBookings();
    expect(await screen.findAllByText('RP-AAAAAA: reservation, pick-up 2030-03-05')).toHaveLength(2);
    expect(listReads).toBe(1);
  });

  // Both parts of the page show the change, and the list is read a second time.
  const clickThenSee = async (button: string, line: string) => {
    renderBookings();
    await screen.findAllByText('RP-BBBBBB: reservation, pick-up 2030-03-05');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: button })[0]!);
    });
    expect(await screen.findAllByText(line)).toHaveLength(2);
    await vi.waitFor(() => expect(listReads).toBe(2));
  };

  it('cancelling a booking shows it cancelled and reads My Bookings again', async () => {
    await clickThenSee('Cancel RP-AAAAAA', 'RP-AAAAAA: cancelled, pick-up 2030-03-05');
    expect(screen.getAllByText('RP-BBBBBB: reservation, pick-up 2030-03-05')).toHaveLength(2);
  });

  it('a saved edit shows the booking as the server now has it and reads the list again', async () => {
    await clickThenSee('Move RP-BBBBBB', 'RP-BBBBBB: reservation, pick-up 2030-03-07');
  });
});
