// @vitest-environment happy-dom
/**
 * The New Booking dialog's customer search (web/src/features/admin/components/CustomerSearch.tsx): it asks from 2
 * characters, once the typing pauses, shows the matches (or that there are none, or why it failed) and hands the one
 * picked to the dialog.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCustomer } from '@shared/admin';
import { ApiError } from '../../web/src/lib/api-error';
import { CustomerSearch } from '../../web/src/features/admin/components/CustomerSearch';

const api = vi.hoisted(() => ({ searchCustomers: vi.fn<(text: string, signal?: AbortSignal) => Promise<AdminCustomer[]>>() }));
vi.mock('../../web/src/features/admin/api/search-customers', () => api);

afterEach(() => {
  cleanup();
  api.searchCustomers.mockReset();
});

const tui: AdminCustomer = { id: 'c1', name: 'Tui Ngata', email: 'tui@example.com', contact_number: '021 555 0101', user_id: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' };

function renderSearch() {
  const onPick = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CustomerSearch onPick={onPick} />
    </QueryClientProvider>,
  );
  const box = screen.getByLabelText('Find an existing customer') as HTMLInputElement;
  return { onPick, type: (text: string) => fireEvent.change(box, { target: { value: text } }), box };
}

describe('finding an existing customer', () => {
  it('asks from 2 characters once the typing pauses, lists the matches and hands the one picked to the dialog', async () => {
    api.searchCustomers.mockResolvedValue([tui]);
    const { onPick, type, box } = renderSearch();
    type('T');
    type('Tu');
    type('Tui');
    const match = await screen.findByRole('button', { name: /Tui Ngata/ });
    // One question, for the text as it stood when the typing paused.
    expect(api.searchCustomers.mock.calls.map(([text]) => text)).toEqual(['Tui']);
    expect(screen.getByRole('list', { name: 'Matching customers' }).textContent).toContain('tui@example.com');
    fireEvent.click(match);
    expect(onPick).toHaveBeenCalledWith(tui);
    expect(box.value).toBe('');
    expect(screen.queryByRole('list', { name: 'Matching customers' })).toBeNull();
  });

  it('asks nothing for one character', async () => {
    const { type } = renderSearch();
    type('T');
    await new Promise((r) => setTimeout(r, 450));
    expect(api.searchCustomers).not.toHaveBeenCalled();
    expect(screen.queryByText('Searching customers...')).toBeNull();
  });

  it('says when nobody matches, and why a search failed', async () => {
    api.searchCustomers.mockResolvedValueOnce([]);
    const { type } = renderSearch();
    type('Nobody');
    await screen.findByText('No customers found');

    api.searchCustomers.mockRejectedValueOnce(new ApiError(403, 'You do not have access to this.'));
    type('Someone');
    await screen.findByText('You do not have access to this.');
  });
});
