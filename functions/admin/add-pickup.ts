/** POST /api/admin/pickups {bookingId | reference, terminal, passengers, flight?}: staff add a traveller who phoned. */
import { staffPickupRequestSchema } from '../../shared/pickups';
import { httpHandler } from '../lib/http';
import { addByStaff } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff', body: staffPickupRequestSchema }, async ({ auth, body }) => {
  const { entry, created } = await addByStaff(auth.user!, body);
  return { status: created ? 201 : 200, body: { entry } };
});
