/**
 * The handover on record (docs/yard.md, The handover): staff take the car's condition at drop-off and again at
 * collection, the traveller acknowledges it, and it never changes after: a correction is a new record naming the one it
 * corrects. Every photo it names (a mark's, the signature) must be a checked photo of this booking, so the upload's
 * completion check (type, size, the bytes being an image) holds for them too.
 */
import { randomUUID } from 'node:crypto';
import { adminMessages } from '../../../shared/admin';
import {
  compareConditions,
  conditionMessages,
  currentRecord,
  formatFuel,
  formatKm,
  type ConditionRecord,
  type ConditionRequest,
  type ConditionView,
} from '../../../shared/condition';
import { displayNameOf, type Caller } from '../../lib/auth';
import { badRequest, conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import type { FieldChange } from '../../store/booking-changes';
import { listConditions, saveCondition } from '../../store/conditions';
import { listPhotos } from '../../store/photos';
import { yardMovesKm } from '../../store/yard-settings';
import { confirmedBooking } from '../admin/booking-detail';
import * as clock from '../../lib/clock';

const stageOrder = (r: ConditionRecord) => (r.stage === 'drop-off' ? 0 : 1);

/** The records in the order they are taken (drop-off's, then collection's, each stage's corrections after it). */
export function viewOf(taken: ConditionRecord[]): ConditionView {
  const records = [...taken].sort((x, y) => stageOrder(x) - stageOrder(y) || x.sequence - y.sequence);
  const dropOff = currentRecord(records, 'drop-off');
  const collection = currentRecord(records, 'collection');
  const moves = yardMovesKm();
  return { records, drop_off: dropOff, collection, yard_moves_km: moves, comparison: dropOff && collection ? compareConditions(dropOff, collection, moves) : null };
}

export async function conditionView(bookingId: string): Promise<ConditionView> {
  const booking = await confirmedBooking(bookingId);
  return viewOf(await listConditions(booking.id));
}

/** The history line: what was read and who acknowledged it, e.g. 'Drop-off: 45,210 km, fuel 6/8, 2 marks; signed by Ana Lee'. */
function historyLine(r: ConditionRecord): FieldChange {
  const ack = r.ack.not_present ? `traveller not present: ${r.ack.not_present}` : `signed by ${r.ack.name}`;
  const marks = `${r.marks.length} ${r.marks.length === 1 ? 'mark' : 'marks'}`;
  const what = `${formatKm(r.odometer_km)}, fuel ${formatFuel(r.fuel)}, ${marks}; ${ack}${r.odometer_note ? `; note: ${r.odometer_note}` : ''}`;
  return { field: r.stage === 'drop-off' ? 'condition_drop_off' : 'condition_collection', old: r.corrects ? `record ${r.corrects} (corrected)` : null, new: what };
}

/** Refuses (400, the field's message) any photo id that is not one of this booking's checked photos. */
async function checkPhotos(bookingId: string, req: ConditionRequest): Promise<void> {
  const named = [...req.marks.map((m) => m.photo_id), 'signature' in req.ack ? req.ack.signature : undefined].filter((v): v is string => !!v);
  if (named.length === 0) return;
  const ours = new Set((await listPhotos(bookingId)).map((p) => p.id.toLowerCase()));
  const fields: Record<string, string> = {};
  req.marks.forEach((m, i) => {
    if (m.photo_id && !ours.has(m.photo_id.toLowerCase())) fields[`marks.${i}.photo_id`] = conditionMessages.notThisBookingsPhoto;
  });
  if ('signature' in req.ack && !ours.has(req.ack.signature.toLowerCase())) fields['ack.signature'] = conditionMessages.signatureNotAnImage;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

export async function recordCondition(caller: Caller, bookingId: string, req: ConditionRequest, now = clock.now()): Promise<{ record: ConditionRecord; view: ConditionView }> {
  const booking = await confirmedBooking(bookingId);
  if (booking.status === 'cancelled') throw conflict(adminMessages.notEditable);
  if (req.version !== booking.updatedAt) throw conflict(adminMessages.stale);
  const records = await listConditions(booking.id);
  const current = currentRecord(records, req.stage);
  if (current && !req.corrects) throw conflict(conditionMessages.alreadyRecorded(req.stage), { corrects: conditionMessages.alreadyRecorded(req.stage) });
  if (req.corrects && !current) throw conflict(conditionMessages.nothingToCorrect, { corrects: conditionMessages.nothingToCorrect });
  if (req.corrects && current && req.corrects.toLowerCase() !== current.id) throw conflict(conditionMessages.correctsNotLatest, { corrects: conditionMessages.correctsNotLatest });

  const dropOff = currentRecord(records, 'drop-off');
  if (req.stage === 'collection' && dropOff && req.odometer_km < dropOff.odometer_km && !req.odometer_note) {
    const message = conditionMessages.lowerOdometer(dropOff.odometer_km);
    throw badRequest(message, { odometer_km: message });
  }
  await checkPhotos(booking.id, req);

  const record: ConditionRecord = {
    id: randomUUID(),
    booking_id: booking.id,
    stage: req.stage,
    sequence: (current?.sequence ?? 0) + 1,
    odometer_km: req.odometer_km,
    fuel: req.fuel,
    marks: req.marks.map((m) => ({ panel: m.panel, kind: m.kind, photo_id: m.photo_id?.toLowerCase() ?? null, note: m.note ?? null })),
    items: req.items ?? [],
    key_tag: req.key_tag ?? null,
    odometer_note: req.odometer_note ?? null,
    ack: 'signature' in req.ack ? { name: req.ack.name, signature: req.ack.signature.toLowerCase(), not_present: null } : { name: null, signature: null, not_present: req.ack.not_present },
    corrects: current?.id ?? null,
    taken_by: caller.email ?? caller.sub,
    taken_by_name: displayNameOf(caller),
    taken_at: now.toISOString(),
  };
  // A record that raced this one for the same place (another phone, a correction of the same record) was first.
  if ((await saveCondition(record, [historyLine(record)], randomUUID())) === 'taken') throw conflict(conditionMessages.correctsNotLatest, { corrects: conditionMessages.correctsNotLatest });
  logger.info('Condition recorded', { bookingId: booking.id, stage: record.stage, sequence: record.sequence });
  return { record, view: viewOf([...records, record]) };
}
