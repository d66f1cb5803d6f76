// @vitest-environment happy-dom
/**
 * The edit dialog's History section (web/src/features/admin/components/BookingHistory.tsx): the latest page as the
 * booking's read brought it, "Show older changes" adds the next older page below until none is left, a failed read
 * says so and keeps what is shown, and a new read of the booking starts again from its own first page.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, HistoryPageView } from '@shared/admin';
import { ApiError } from '../../web/src/lib/api-error';
import { BookingHistory } from '../../web/src/features/admin/components/BookingHistory';

const api = vi.hoisted(() => ({ fetchOlderHistory: vi.fn<(id: string, before: string) => Promise<HistoryPageView>>() }));
vi.mock('../../web/src/features/admin/api/fetch-history', () => api);

afterEach(() => {
  cleanup();
  api.fetchOlderHistory.mockReset();
});

const entry = (minute: number, field: string, value: string): AuditEntry => ({ at: `2026-12-01T10:${String(minute).padStart(2, '0')}:00.000Z`, by: 'admin@runwayparking.example', changes: [{ field, old: null, new: value }] });
const items = () => screen.getAllByRole('listitem').filter((li) => li.querySelector('time')).map((li) => li.textContent);

describe('the booking history', () => {
  it('shows the latest page, then each older page below it until none is left', async () => {
    api.fetchOlderHistory
      .mockResolvedValueOnce({ history: [entry(20, 'key_tag', 'K2')], history_older: 'cursor-2' })
      .mockResolvedValueOnce({ history: [entry(10, 'refund', '$5.00 (part refund: Shuttle was late)')], history_older: null });
    render(<BookingHistory bookingId="b1" history={[entry(30, 'key_tag', 'K3')]} older="cursor-1" />);
    expect(items()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await screen.findByText(/K2/);
    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await screen.findByText(/part refund: Shuttle was late/);

    expect(api.fetchOlderHistory.mock.calls).toEqual([
      ['b1', 'cursor-1'],
      ['b1', 'cursor-2'],
    ]);
    expect(items().map((t) => /K3|K2|part refund/.exec(t ?? '')?.[0])).toEqual(['K3', 'K2', 'part refund']);
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('offers no button when nothing is older', () => {
    render(<BookingHistory bookingId="b1" history={[entry(30, 'key_tag', 'K3')]} older={null} />);
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it("says why an older page failed, keeps what is shown and lets staff try again", async () => {
    api.fetchOlderHistory.mockRejectedValueOnce(new ApiError(400, 'That part of the history is no longer available. Reload the booking.'));
    render(<BookingHistory bookingId="b1" history={[entry(30, 'key_tag', 'K3')]} older="cursor-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That part of the history is no longer available. Reload the booking.');
    expect(items()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show older changes' })).toBeTruthy();
  });

  it("a new read of the booking starts again from its own first page", async () => {
    api.fetchOlderHistory.mockResolvedValueOnce({ history: [entry(20, 'key_tag', 'K2')], history_older: null });
    const { rerender } = render(<BookingHistory bookingId="b1" history={[entry(30, 'key_tag', 'K3')]} older="cursor-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await screen.findByText(/K2/);
    rerender(<BookingHistory bookingId="b1" history={[entry(40, 'key_tag', 'K4'), entry(30, 'key_tag', 'K3')]} older="cursor-9" />);
    expect(items().map((t) => /K\d/.exec(t ?? '')?.[0])).toEqual(['K4', 'K3']);
    expect(screen.getByRole('button', { name: 'Show older changes' })).toBeTruthy();
  });
});
