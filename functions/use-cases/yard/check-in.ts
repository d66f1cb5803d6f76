/**
 * Check-in in the yard: staff confirm the car (registration; make and colour optional), give it a bay
 * free for the stay and a key tag, may add a note, and the status moves to Check-in, all in the booking's one
 * transaction (the bay's lock makes two check-ins into one bay impossible). A repeated tap finds the car already
 * in that bay and answers as the first did; it never checks in twice or takes a second bay.
 */
import { randomUUID } from 'node:crypto';
import { adminMessages, statusLabels, type StatusFilter } from '../../../shared/admin';
import type { Booking } from '../../../shared/records';
import { NOTES_PER_BOOKING, yardMessages, type CheckIn, type YardBooking } from '../../../shared/yard';
import { displayNameOf, type Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { bayClash, readBayVersion } from '../../store/bays';
import type { FieldChange } from '../../store/booking-changes';
import { getBooking } from '../../store/bookings';
import { noteCount, noteCountUpdate, notePuts } from '../../store/notes';
import { changeBooking } from '../booking/change-booking';
import { confirmedBooking } from '../admin/booking-detail';
import { statusException } from '../admin/edit-booking';
import { ruledBay } from './bay-rule';
import { yardView } from './yard-booking';
import * as clock from '../../lib/clock';

const alreadyIn = (b: Booking | null, req: CheckIn): boolean => b?.status === 'checkin' && b.parkingBayNumber === req.parking_bay_number;

function changesOf(before: Booking, after: Booking): FieldChange[] {
  const pairs: [string, string | null | undefined, string | null | undefined][] = [
    ['status', statusLabels[before.status as StatusFilter] ?? before.status, statusLabels.checkin],
    ['car_registration', before.carRegistration, after.carRegistration],
    ['car_make', before.carMake, after.carMake],
    ['car_colour', before.carColour, after.carColour],
    ['parking_bay_number', before.parkingBayNumber, after.parkingBayNumber],
    ['key_tag', before.keyTag, after.keyTag],
  ];
  return pairs.filter(([, a, b]) => (a ?? null) !== (b ?? null)).map(([field, a, b]) => ({ field, old: a ?? null, new: b ?? null }));
}

export async function checkIn(caller: Caller, id: string, asked: CheckIn, now = clock.now()): Promise<YardBooking> {
  const req: CheckIn = { ...asked, parking_bay_number: await ruledBay(asked.parking_bay_number) };
  const before = await confirmedBooking(id);
  if (alreadyIn(before, req)) return yardView(before, now);
  if (before.status === 'cancelled') throw conflict(adminMessages.notEditable);
  if (req.version !== before.updatedAt) throw conflict(adminMessages.stale);
  const exception = statusException(caller, before, 'checkin', req, now);

  const bay = req.parking_bay_number;
  const bayVersion = await readBayVersion(bay);
  if (await bayClash(bay, before)) throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  const proposed: Booking = {
    ...before,
    status: 'checkin',
    carRegistration: req.car_registration,
    carMake: req.car_make ?? before.carMake ?? null,
    carColour: req.car_colour ?? before.carColour ?? null,
    parkingBayNumber: bay,
    keyTag: req.key_tag ?? null,
  };
  const at = now.toISOString();
  const by = caller.email ?? caller.sub;
  // A check-in's note counts towards the booking's notes like any other: refused, before anything is written, at the bound.
  const seenNotes = req.note ? await noteCount(id) : null;
  if (seenNotes && seenNotes.count >= NOTES_PER_BOOKING) throw conflict(yardMessages.notesFull, { note: yardMessages.notesFull });
  const note =
    req.note && seenNotes
      ? [...notePuts({ id: randomUUID(), bookingId: id, bookingReference: before.bookingReference ?? '', text: req.note, author: by, authorName: displayNameOf(caller), at, flagDate: null }), noteCountUpdate(id, seenNotes, NOTES_PER_BOOKING, at)]
      : [];
  const changes = [...changesOf(before, proposed), ...(exception ? [exception] : [])];
  const done = await changeBooking(before, {
    proposed,
    policy: { actor: 'staff' },
    by: 'admin',
    save: { editableStatuses: [before.status], bayVersion, alsoWrite: note },
    audit: { by, changes: () => changes },
    now,
  });
  if (done.outcome === 'bay-busy') throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  if (done.outcome !== 'changed') {
    // A second tap raced the first: if the car is now in this bay, the first one did the work.
    const now2 = await getBooking(id, true);
    if (alreadyIn(now2, req)) return yardView(now2!, now);
    throw conflict(adminMessages.stale);
  }
  logger.info('Checked in', { bookingId: id, bay });
  return yardView(done.booking, now);
}
