/** My Bookings as a query, and the customer's own edit as a mutation that puts the saved booking in the list. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomerBookingEdit } from '@shared/booking-edit';
import type { CustomerBooking } from '@shared/customer-bookings';
import { fetchMyBookings, saveMyBooking } from '../api/my-bookings';
import { accountKeys } from './keys';

export const useMyBookings = () => useQuery({ queryKey: accountKeys.bookings, queryFn: ({ signal }) => fetchMyBookings(signal) });

/** The list with one booking as the server now has it (shown at once), then read again for what else it changed. */
export function bookingChanged(client: QueryClient, updated: CustomerBooking) {
  client.setQueryData<CustomerBooking[]>(accountKeys.bookings, (list) => list?.map((b) => (b.id === updated.id ? updated : b)));
  return client.invalidateQueries({ queryKey: accountKeys.bookings });
}

export function useSaveMyBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: CustomerBookingEdit }) => saveMyBooking(id, edit),
    onSuccess: (result) => void bookingChanged(client, result.booking),
  });
}
