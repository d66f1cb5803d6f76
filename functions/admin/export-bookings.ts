/**
 * GET /api/admin/bookings.csv?<the list's query>: the filtered list as a CSV download. Errors answer JSON
 * {message} like every route (the handler stack); a success is the file itself.
 */
import { adminBookingsQuerySchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { exportBookings } from '../use-cases/admin/export-bookings';

export const handler = httpHandler({ access: 'admin', query: adminBookingsQuerySchema }, async ({ query }) => {
  const file = await exportBookings(query);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
      'x-row-count': String(file.rows),
      ...(file.truncated ? { 'x-truncated': file.truncated } : {}),
    },
    body: file.body,
  };
});
