/** Cancelling one's own booking as a mutation: My Bookings shows it cancelled at once and is then read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelMyBooking } from '../api/cancellation';
import { bookingChanged } from './my-bookings';

export function useCancelMyBooking() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => cancelMyBooking(id), onSuccess: (done) => void bookingChanged(client, done.booking) });
}
