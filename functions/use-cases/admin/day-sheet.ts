/**
 * The staff's day sheet: a date's arrivals (drop-offs) and departures (pick-ups) in time order, with
 * what the yard needs at the gate, from that date's day-sheet entries (two partition reads, bounded by the yard).
 * The bookings are read too, for their current status, version, bay and key tag, so a check-in from the sheet is one click.
 * Notes flagged for the date: each booking's latest with a count of its others, so a booking with many notes keeps
 * the sheet as short as one with a single note (the booking's own view lists them all).
 */
import { badRequest } from '../../domain/errors';
import { centsToDollars } from '../../../shared/money';
import { isCalendarDate } from '../../../shared/nz-time';
import type { DaySheet, DaySheetRow } from '../../../shared/admin';
import type { Booking } from '../../../shared/records';
import { getBookings } from '../../store/admin-lists';
import { dayEntries, type DayEntry } from '../../store/day-sheet';
import { dayNotes, type NoteRecord } from '../../store/notes';
import { toNote } from '../yard/note-view';
import { addOnFlagsOf } from '../../../shared/booked-add-ons';
import { DAY_SHEET_NOTES_PER_BOOKING } from '../../../shared/yard';
import type { FlaggedNote } from '../../../shared/admin';
import { daySheetTasks } from './day-sheet-tasks';

/** The yard's check-in writes a key tag on the booking; older bookings and those not checked in have none. */
type WithKeyTag = Booking & { keyTag?: string | null };

function row(e: DayEntry, b: WithKeyTag | undefined): DaySheetRow {
  return {
    booking_id: e.bookingId,
    booking_reference: e.bookingReference,
    time: e.time,
    customer_name: b?.customer.name ?? e.customerName,
    contact_number: b?.customer.contactNumber ?? e.contactNumber,
    car_registration: b ? b.carRegistration : e.carRegistration,
    parking_bay_number: b ? b.parkingBayNumber : (e.parkingBayNumber ?? null),
    key_tag: b?.keyTag ?? null,
    flight: e.flight,
    ...addOnFlagsOf(b ?? { carWash: e.carWash, carWashCents: 0 }),
    balance_due: centsToDollars(b ? (b.payment?.balanceDueCents ?? b.totalCents) : (e.balanceDueCents ?? 0)),
    status: b?.status ?? e.status ?? 'reservation',
    updated_at: b?.updatedAt ?? null,
  };
}

export async function daySheet(date: string): Promise<DaySheet> {
  if (!isCalendarDate(date)) throw badRequest('Invalid date or time format', { date: 'Invalid date or time format' });
  const [drop, pick, flagged] = await Promise.all([dayEntries(date, 'dropoff'), dayEntries(date, 'pickup'), dayNotes(date)]);
  const bookings = new Map((await getBookings([...new Set([...drop, ...pick].map((e) => e.bookingId))])).map((b) => [b.id, b]));
  const notes = latestNotes(flagged);
  const arrivals = drop.map((e) => row(e, bookings.get(e.bookingId)));
  const departures = pick.map((e) => row(e, bookings.get(e.bookingId)));
  return { date, arrivals, departures, notes, tasks: daySheetTasks(arrivals, departures) };
}

/** Each booking's latest flagged notes (DAY_SHEET_NOTES_PER_BOOKING), with how many others it has; oldest first, as read. */
function latestNotes(flagged: NoteRecord[]): FlaggedNote[] {
  const byBooking = new Map<string, NoteRecord[]>();
  for (const n of flagged) byBooking.set(n.bookingId, [...(byBooking.get(n.bookingId) ?? []), n]);
  const shown = new Map<string, number>();
  for (const [, notes] of byBooking) for (const n of notes.slice(-DAY_SHEET_NOTES_PER_BOOKING)) shown.set(n.id, notes.length - Math.min(notes.length, DAY_SHEET_NOTES_PER_BOOKING));
  return flagged.filter((n) => shown.has(n.id)).map((n) => ({ ...toNote(n), booking_id: n.bookingId, booking_reference: n.bookingReference, earlier_notes: shown.get(n.id)! }));
}
