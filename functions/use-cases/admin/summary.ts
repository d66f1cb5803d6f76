/** The admin's summary cards and tab counts: two counter reads and five count queries (the fifth: the open damage claims), whatever the table holds. */
import type { AdminSummary } from '../../../shared/admin';
import { centsToDollars } from '../../../shared/money';
import { addDays, nzToday } from '../../../shared/nz-time';
import { bookingsCreatedOn, readStats } from '../../store/counters';
import { countDayEntries } from '../../store/day-sheet';
import { countOpenClaims } from '../../store/claims';
import * as clock from '../../lib/clock';

export async function adminSummary(now = clock.now()): Promise<AdminSummary> {
  const today = nzToday(now);
  const tomorrow = addDays(today, 1);
  const [stats, todays, pickToday, pickTomorrow, dropToday, dropTomorrow, openClaims] = await Promise.all([
    readStats(),
    bookingsCreatedOn(today),
    countDayEntries(today, 'pickup'),
    countDayEntries(tomorrow, 'pickup'),
    countDayEntries(today, 'dropoff'),
    countDayEntries(tomorrow, 'dropoff'),
    countOpenClaims(),
  ]);
  return {
    total_bookings: stats.bookings,
    total_revenue: centsToDollars(stats.revenueCents),
    revenue_collected: centsToDollars(stats.collectedCents),
    revenue_due: centsToDollars(stats.dueCents),
    unique_customers: stats.customers,
    todays_bookings: todays,
    upcoming_pickups: pickToday + pickTomorrow,
    upcoming_dropoffs: dropToday + dropTomorrow,
    open_claims: openClaims,
    by_status: stats.byStatus,
  };
}
