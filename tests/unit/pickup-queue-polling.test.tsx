// @vitest-environment happy-dom
/**
 * The yard's pickup queue keeps itself fresh (web/src/features/pickup/use-pickup-queue.ts, docs/yard.md "Why polling,
 * not a push"): it asks every 5 seconds, skips the polls while the tab is hidden and asks at once when it shows
 * again, keeps the last queue on screen with a warning when a poll fails, and asks at once after a change made on the
 * panel. The API is a stand-in holding the queue in a variable; only the interval timer is faked, so each poll
 * happens when the test moves the clock.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupEntry, PickupQueue } from '@shared/pickups';
import { PickupQueuePanel } from '../../web/src/features/pickup/components/PickupQueuePanel';
import { ApiError } from '../../web/src/lib/api-error';
import { queryClient as appClient } from '../../web/src/lib/query/client';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';

const api = vi.hoisted(() => ({
  fetchPickupQueue: vi.fn<(signal?: AbortSignal) => Promise<PickupQueue>>(),
  markPickedUp: vi.fn<(bookingId: string) => Promise<{ entry: PickupEntry }>>(),
}));
vi.mock('../../web/src/features/pickup/api/fetch-pickup-queue', () => ({ fetchPickupQueue: api.fetchPickupQueue }));
vi.mock('../../web/src/features/pickup/api/mark-picked-up', () => ({ markPickedUp: api.markPickedUp }));

const entry = (booking_id: string, name: string, reference: string): PickupEntry => ({
  booking_id,
  reference,
  name,
  contact_number: '021 555 0101',
  vehicle: 'ABC123',
  bay: '12',
  state: 'waiting',
  terminal: 'domestic',
  passengers: 2,
  flight: 'NZ123',
  landed_at: '2026-11-26T02:00:00.000Z',
  updated_at: '2026-11-26T02:00:00.000Z',
  picked_up_at: null,
  picked_up_by: null,
  added_by: 'traveller',
  expected_kerb_at: '2026-12-31T02:35:00.000Z',
  run_id: null,
  shuttle_departed_at: null,
});

/** What the server holds now; each poll reads it. */
let server: PickupEntry[];
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  server = [entry('b1', 'Ana Smith', 'RP-AAAAAA')];
  api.fetchPickupQueue.mockImplementation(async () => ({ date: '2026-11-26', entries: server.map((e) => ({ ...e })) }));
  api.markPickedUp.mockImplementation(async (id) => {
    server = server.map((e) => (e.booking_id === id ? { ...e, state: 'picked_up', picked_up_at: '2026-11-26T02:10:00.000Z' } : e));
    return { entry: server.find((e) => e.booking_id === id)! };
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

function renderQueue() {
  // The app's own defaults (no retry, no refetch on window focus), in a cache of this test's own.
  const client = new QueryClient({ defaultOptions: appClient.getDefaultOptions() });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PickupQueuePanel />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const waitingNames = () => screen.queryAllByTestId('pickup-waiting').map((li) => li.querySelector('.pickup-name')?.firstChild?.textContent?.trim());
const asks = () => api.fetchPickupQueue.mock.calls.length;
/** The clock moves on by `ms`: the poll's timer fires if it is due. */
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
/** The phone's screen goes off or comes back on. */
const setVisible = (on: boolean) =>
  act(() => {
    visibility = on ? 'visible' : 'hidden';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
/** A traveller says they have landed. */
const lands = (name: string, reference: string) => (server = [...server, entry(`b-${reference}`, name, reference)]);

describe('the pickup queue', () => {
  it('asks at once, then every 5 seconds: a landing shows without a reload', async () => {
    renderQueue();
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith']));
    expect(asks()).toBe(1);

    lands('Bo Chen', 'RP-BBBBBB');
    await wait(4_999);
    expect(asks()).toBe(1);
    await wait(1);
    expect(asks()).toBe(2);
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith', 'Bo Chen']));

    await wait(5_000);
    expect(asks()).toBe(3);
  });

  it('does not poll while the tab is hidden, and asks at once when it shows again', async () => {
    renderQueue();
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith']));

    await setVisible(false);
    lands('Bo Chen', 'RP-BBBBBB');
    await wait(30_000);
    expect(asks()).toBe(1);
    expect(waitingNames()).toEqual(['Ana Smith']);

    await setVisible(true);
    // No tick of the clock: the screen coming back on is enough.
    expect(asks()).toBe(2);
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith', 'Bo Chen']));
  });

  it('keeps the last queue on screen when a poll fails, says so, and clears the warning when one succeeds', async () => {
    renderQueue();
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith']));
    expect(screen.queryByRole('alert')).toBeNull();

    api.fetchPickupQueue.mockRejectedValueOnce(new ApiError(0, 'We could not reach the server. Check your connection and try again.', {}, 'network'));
    await wait(5_000);
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toBe('We could not reach the server. Check your connection and try again. Showing the last queue loaded; trying again in a few seconds.');
    expect(waitingNames()).toEqual(['Ana Smith']);

    lands('Bo Chen', 'RP-BBBBBB');
    await wait(5_000);
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith', 'Bo Chen']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again at once after a traveller is marked picked up here', async () => {
    renderQueue();
    await waitFor(() => expect(waitingNames()).toEqual(['Ana Smith']));

    fireEvent.click(screen.getByRole('button', { name: 'Picked up Ana Smith, RP-AAAAAA' }));
    // No tick of the clock: the change made here is read back straight away.
    await waitFor(() => expect(screen.queryAllByTestId('pickup-forward')).toHaveLength(1));
    expect(asks()).toBe(2);
    expect(waitingNames()).toEqual([]);
    expect(screen.getByText('Nobody is waiting.')).toBeTruthy();
  });
});
