/**
 * GET /api/admin/bookings.csv: the admin's current list (its tab, search, filters and sort) as a CSV file, every
 * page of it. API Gateway's HTTP API buffers a Lambda's answer and refuses one over 6 MB, so the body is built row
 * by row as the list's bounded reads return batches, and stops at EXPORT_MAX_ROWS rows or EXPORT_MAX_BYTES bytes,
 * whichever comes first; a cut file ends with a row saying so, and the answer says why in `X-Truncated`.
 */
import { statusLabels, type AdminBookingsQuery, type StatusFilter } from '../../../shared/admin';
import { EXPORT_MAX_ROWS, exportMessages, type ExportCut } from '../../../shared/bookings-export';
import type { CustomerBooking } from '../../../shared/customer-bookings';
import { toDateInput } from '../../../shared/date-input';
import { dollarsToCents, formatMoneyPlain } from '../../../shared/money';
import { nzNow, nzToday } from '../../../shared/nz-time';
import { CsvBody, UTF8_BOM, csvRow } from '../../lib/csv';
import { toCustomerBooking } from '../booking/booking-wire';
import { walkAdminBookings } from './list-bookings';
import { ADD_ONS } from '../../../shared/add-ons';
import * as clock from '../../lib/clock';

/** The body's budget as the Lambda response carries it (JSON-encoded): 6 MB is the hard limit, less room for headers. */
export const EXPORT_MAX_BYTES = 5_000_000;
/** What one file holds at most (docs/admin.md, "Its bound"). */
export const EXPORT_LIMITS = { rows: EXPORT_MAX_ROWS, bytes: EXPORT_MAX_BYTES } as const;
/** Bookings read per batch (one BatchGet or one Query page). */
const BATCH = 100;

export const CSV_COLUMNS = [
  'Booking Ref',
  'Status',
  'Customer Name',
  'Email',
  'Contact Number',
  'Car Registration',
  'Drop-off',
  'Pick-up',
  'Days',
  'Car Wash',
  'Services',
  'Parking Bay',
  'Departure Flight',
  'Return Flight',
  'Total',
  'Paid',
  'Refunded',
  'Balance Due',
  'Booked',
] as const;

/** "24/12/2026 09:00": an NZ wall-clock date and time, en-NZ order. */
const nzDateTime = (date: string, time: string) => `${toDateInput(date)} ${time}`;
/** A timestamp as the NZ date and time it happened at. */
const nzStamp = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const wc = nzNow(at);
  return nzDateTime(wc.date, wc.time);
};

/** One booking's cells, in CSV_COLUMNS order. */
export function csvCellsOf(b: CustomerBooking): (string | number)[] {
  return [
    b.booking_reference,
    statusLabels[b.status as StatusFilter] ?? b.status,
    b.customer.name,
    b.customer.email,
    b.customer.contact_number,
    b.car_registration ?? '',
    nzDateTime(b.drop_off_date, b.drop_off_time),
    nzDateTime(b.pick_up_date, b.pick_up_time),
    b.days,
    b.car_wash ? 'Yes' : 'No',
    ADD_ONS.filter((a) => a.id !== 'carWash' && b[a.field]).map((a) => a.name).join('; '),
    b.parking_bay_number ?? '',
    b.departure_flight ?? '',
    b.return_flight ?? '',
    // Money columns are plain numbers ("1234.50", formatMoneyPlain), not "$1,234.50": a spreadsheet sums them.
    formatMoneyPlain(dollarsToCents(b.total_cost)),
    // What came in, then what went back: a cancelled booking's row says both, not only the total it no longer owes.
    formatMoneyPlain(dollarsToCents(b.amount_paid) + dollarsToCents(b.refunded)),
    formatMoneyPlain(dollarsToCents(b.refunded)),
    formatMoneyPlain(dollarsToCents(b.balance_due)),
    nzStamp(b.created_at),
  ];
}

export interface BookingsExport {
  filename: string;
  body: string;
  rows: number;
  /** Why the file holds less than the whole list, or null when it holds all of it. */
  truncated: ExportCut | null;
}

/** Kept free under the budget for the closing note (about 200 bytes), which is added whatever the budget says. */
const NOTE_ROOM = 512;

export async function exportBookings(q: AdminBookingsQuery, limits: { rows: number; bytes: number } = EXPORT_LIMITS, now = clock.now()): Promise<BookingsExport> {
  const walk = await walkAdminBookings(q, BATCH, now);
  const body = new CsvBody(limits.bytes - NOTE_ROOM, UTF8_BOM + csvRow(CSV_COLUMNS));
  let rows = 0;
  let cut: ExportCut | null = null;
  outer: for await (const page of walk.pages) {
    for (const booking of page) {
      if (rows >= limits.rows) {
        cut = 'rows';
        break outer;
      }
      if (!body.add(csvCellsOf(toCustomerBooking(booking)))) {
        cut = 'size';
        break outer;
      }
      rows++;
    }
  }
  if (!cut && walk.searchTruncated) cut = 'search';
  if (cut) body.append([exportMessages[cut]]);
  return { filename: `bookings-${nzToday(now)}.csv`, body: body.toString(), rows, truncated: cut };
}
