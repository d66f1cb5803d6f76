/** POST /api/admin/bookings/{id}/refunds/{lineId}/retry: an admin sends a failed refund line again; answers the booking view. */
import { httpHandler } from '../lib/http';
import { adminBookingDetail } from '../use-cases/admin/booking-detail';
import { retryRefund } from '../use-cases/admin/retry-refund';

export const handler = httpHandler({ access: 'admin' }, async ({ auth, params }) => {
  const { retried } = await retryRefund(auth.user!, params.id ?? '', params.lineId ?? '');
  return { body: { ...(await adminBookingDetail(params.id ?? '')), retried } };
});
