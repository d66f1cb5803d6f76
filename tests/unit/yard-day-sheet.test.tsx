// @vitest-environment happy-dom
/**
 * The yard screen's day sheet (web/src/features/yard/pages/YardPage.tsx, queries/day-sheet.ts): today's arrivals and
 * departures load as a query, are read again after a check-in made on the screen (the row moves from Booked to In),
 * and a failed load is told to the person. The yard's API calls are a stand-in that keeps one booking in a variable.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaySheet } from '@shared/admin';
import { nzNow } from '@shared/nz-time';
import type { YardBooking } from '@shared/yard';
import YardPage from '../../web/src/features/yard/pages/YardPage';
import { queryClient as appClient } from '../../web/src/lib/query/client';
import { ApiError } from '../../web/src/lib/api-error';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';

const api = vi.hoisted(() => ({
  fetchDaySheet: vi.fn<(date: string, signal?: AbortSignal) => Promise<DaySheet>>(),
  fetchYardBooking: vi.fn<(id: string) => Promise<YardBooking>>(),
  checkIn: vi.fn<(id: string, body: { parking_bay_number: string }) => Promise<YardBooking>>(),
  checkOut: vi.fn(),
  scanPass: vi.fn(),
  addNote: vi.fn(),
  recordPayment: vi.fn(),
  searchBookings: vi.fn(),
  // The handover panel on the open booking: no records yet.
  fetchCondition: vi.fn(async () => ({ records: [], drop_off: null, collection: null, yard_moves_km: 5, comparison: null })),
  recordCondition: vi.fn(),
}));
vi.mock('../../web/src/features/yard/api/yard-api', () => api);

/** The one booking the stand-in server holds: a reservation arriving at 09:00 today. */
let server: { status: YardBooking['booking']['status']; bay: string | null; updated_at: string };

const row = (): DaySheet['arrivals'][number] => ({
  booking_id: 'b1',
  booking_reference: 'RP-AAAAAA',
  time: '09:00',
  customer_name: 'Ana Smith',
  contact_number: '021 555 0101',
  car_registration: 'ABC123',
  parking_bay_number: server.bay,
  flight: null,
  car_wash: false,
  car_cleaning: false,
  car_detailing: false,
  car_servicing: false,
  balance_due: 0,
  status: server.status,
  updated_at: server.updated_at,
});

const view = (): YardBooking => ({
  booking: {
    id: 'b1',
    booking_reference: 'RP-AAAAAA',
    user_id: 'u1',
    customer_id: 'c1',
    customer: { name: 'Ana Smith', email: 'ana@example.com', contact_number: '021 555 0101' },
    drop_off_date: nzNow(new Date()).date,
    drop_off_time: '09:00',
    pick_up_date: '2099-03-05',
    pick_up_time: '10:00',
    departure_flight: null,
    return_flight: null,
    car_registration: 'ABC123',
    parking_bay_number: server.bay,
    status: server.status,
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
    terms_drop_off_at: `${nzNow(new Date()).date}T09:00:00+13:00`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: server.updated_at,
  },
  notes: [],
  due: { balance: 0, late_days: 0, late_fee: 0, late_fee_waiver: null, total: 0 },
  suggested_bay: '12',
  next_step: server.status === 'reservation' ? 'checkin' : server.status === 'checkin' ? 'checkout' : null,
  step_blocked: null,
  flight_alert: null,
});

beforeEach(() => {
  server = { status: 'reservation', bay: null, updated_at: '2026-01-01T00:00:00Z' };
  api.fetchDaySheet.mockImplementation(async (date) => ({ date, arrivals: [row()], departures: [] }));
  api.fetchYardBooking.mockImplementation(async () => view());
  api.checkIn.mockImplementation(async (_id, body) => {
    server = { status: 'checkin', bay: body.parking_bay_number, updated_at: '2026-01-02T00:00:00Z' };
    return view();
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderYard() {
  // The app's own defaults (no retry, no refetch on focus), in a cache of this test's own.
  const client = new QueryClient({ defaultOptions: appClient.getDefaultOptions() });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <YardPage />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const arrival = () => screen.findByRole('button', { name: 'Arriving 09:00 RP-AAAAAA Ana Smith' });

describe('the yard day sheet', () => {
  it("shows today's arrivals once loaded, and reads the sheet again after a check-in made here", async () => {
    renderYard();
    expect(screen.getByText('Loading today...')).toBeTruthy();
    expect(within(await arrival()).getByText('Booked')).toBeTruthy();
    expect(api.fetchDaySheet).toHaveBeenCalledTimes(1);
    expect(api.fetchDaySheet.mock.calls[0]![0]).toBe(nzNow(new Date()).date);

    fireEvent.click(await arrival());
    const form = await screen.findByRole('form', { name: 'Check in' });
    fireEvent.click(within(form).getByRole('button', { name: 'Check in' }));

    await screen.findByText('RP-AAAAAA · bay 12');
    // The row on the sheet now says what the server says: in, in bay 12.
    await waitFor(async () => expect(within(await arrival()).getByText('In')).toBeTruthy());
    expect((await arrival()).textContent).toContain('bay 12');
    expect(api.fetchDaySheet).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Loading today...')).toBeNull();
  });

  it('tells the person when the sheet could not be loaded, with the API message when it gave one', async () => {
    api.fetchDaySheet.mockRejectedValue(new TypeError('Failed to fetch'));
    renderYard();
    await screen.findByText('Failed to load the day sheet');
    cleanup();

    api.fetchDaySheet.mockRejectedValue(new ApiError(403, 'You do not have access to this.'));
    renderYard();
    await screen.findByText('You do not have access to this.');
    expect(screen.queryByRole('button', { name: /Arriving/ })).toBeNull();
  });
});
