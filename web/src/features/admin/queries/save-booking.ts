/** Saving a booking from the admin pages as a mutation: whatever the admin pages show is read again afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingEditInput } from '@shared/admin';
import { saveAdminBooking } from '../api/save-booking';
import { adminKeys } from './keys';

export function useSaveAdminBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: AdminBookingEditInput }) => saveAdminBooking(id, edit),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
