/**
 * The handover on record (docs/yard.md, The handover): the car's condition, odometer and fuel taken at drop-off and
 * again at collection, acknowledged by the traveller (name and a drawn signature) or marked "traveller not present"
 * with a reason, and the comparison of the two. Pure zod and arithmetic, shared by the yard screen and the API; the
 * wire is snake_case like the rest of the API.
 */
import * as z from 'zod';
import { refundReasonSchema } from './money-policy';
import { editVersion, typedText } from './text';

export const CONDITION_STAGES = ['drop-off', 'collection'] as const;
export type ConditionStage = (typeof CONDITION_STAGES)[number];
export const conditionStageLabels: Record<ConditionStage, string> = { 'drop-off': 'Drop-off', collection: 'Collection' };

/**
 * The panels of the car outline, wheels and glass among them, each with its label. The outline is seen from above,
 * front at the top; left and right are the driver's (a New Zealand car's driver sits on the right).
 */
export const PANELS = {
  'front-bumper': 'Front bumper',
  bonnet: 'Bonnet',
  windscreen: 'Windscreen',
  roof: 'Roof',
  'rear-window': 'Rear window',
  boot: 'Boot',
  'rear-bumper': 'Rear bumper',
  'left-front-guard': 'Left front guard',
  'left-front-door': 'Left front door',
  'left-rear-door': 'Left rear door',
  'left-rear-quarter': 'Left rear quarter',
  'right-front-guard': 'Right front guard',
  'right-front-door': 'Right front door',
  'right-rear-door': 'Right rear door',
  'right-rear-quarter': 'Right rear quarter',
  'left-mirror': 'Left mirror',
  'right-mirror': 'Right mirror',
  'left-windows': 'Left side windows',
  'right-windows': 'Right side windows',
  'left-front-wheel': 'Left front wheel',
  'right-front-wheel': 'Right front wheel',
  'left-rear-wheel': 'Left rear wheel',
  'right-rear-wheel': 'Right rear wheel',
} as const;
export type Panel = keyof typeof PANELS;
export const PANEL_NAMES = Object.keys(PANELS) as [Panel, ...Panel[]];

export const MARK_KINDS = ['scratch', 'dent', 'chip', 'crack'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];
export const markKindLabels: Record<MarkKind, string> = { scratch: 'Scratch', dent: 'Dent', chip: 'Chip', crack: 'Crack' };

/** A car's tank in eighths (0 empty, 8 full), as the gauge reads. */
export const FUEL_EIGHTHS = 8;
/** How far the yard's own moves (to the bay and back to the kerb) may take a car, unless configured otherwise. */
export const DEFAULT_YARD_MOVES_KM = 5;
export const MAX_ODOMETER_KM = 2_000_000;
export const MAX_MARKS = 40;
export const MAX_ITEMS = 10;

/** A number of kilometres as New Zealand writes it: 45,210 km. */
export const formatKm = (km: number): string => `${km.toLocaleString('en-NZ')} km`;

export const conditionMessages = {
  stageInvalid: 'Choose drop-off or collection',
  odometerInvalid: `Enter the odometer in whole kilometres, 0 to ${MAX_ODOMETER_KM.toLocaleString('en-NZ')}`,
  fuelInvalid: 'Give the fuel in eighths (0 to 8) or, for an electric car, the charge (0 to 100%)',
  eighthsInvalid: 'The fuel level is in eighths, from 0 (empty) to 8 (full)',
  chargeInvalid: 'The charge is a percentage from 0 to 100',
  panelInvalid: 'Choose a panel on the car outline',
  kindInvalid: 'Choose scratch, dent, chip or crack',
  markNoteInvalid: 'A mark note is up to 200 letters, digits and punctuation',
  tooManyMarks: `A record holds at most ${MAX_MARKS} marks`,
  itemInvalid: 'Each item is up to 60 letters, digits and punctuation',
  tooManyItems: `List at most ${MAX_ITEMS} items`,
  keyTagInvalid: 'A key tag is up to 10 letters or digits',
  photoInvalid: 'Choose a photo uploaded for this booking',
  nameNeeded: "Enter the traveller's name",
  nameInvalid: 'A name is up to 80 letters, digits and punctuation',
  signatureNeeded: 'The traveller signs in the box, or record that they are not present',
  ackInvalid: "Record the traveller's name and signature, or that they are not present and why",
  notPresentNeeded: 'Say why the traveller is not present',
  odometerNoteInvalid: 'A note is up to 200 letters, digits and punctuation',
  correctsInvalid: 'Name the record this one corrects',
  versionNeeded: 'Reload the booking and try again',
  /** A photo id that is not a checked photo of this booking (another booking's, an upload never completed). */
  notThisBookingsPhoto: "This photo is not one of this booking's photos. Upload it again.",
  /** The signature must be a checked image of this booking: the upload's completion check sniffs its bytes. */
  signatureNotAnImage: 'The signature must be an image uploaded for this booking. Sign again.',
  lowerOdometer: (dropOffKm: number) => `Lower than at drop-off, ${formatKm(dropOffKm)}: check the reading`,
  alreadyRecorded: (stage: ConditionStage) => `This booking already has a ${stage} record, acknowledged: it cannot be changed. Record a correction that names it.`,
  correctsNotLatest: 'That record was already corrected, or is not one of this stage\'s records. Reload the booking and try again.',
  nothingToCorrect: 'There is no record to correct yet.',
  recorded: 'Condition recorded',
} as const;

const wholeKm = z
  .number(conditionMessages.odometerInvalid)
  .int(conditionMessages.odometerInvalid)
  .min(0, conditionMessages.odometerInvalid)
  .max(MAX_ODOMETER_KM, conditionMessages.odometerInvalid);

/**
 * The fuel on the wire: `{"eighths": 6}` for a tank (0 to 8), `{"charge_percent": 80}` for an electric car's battery
 * (0 to 100, whole percent). Exactly one of the two.
 */
export const fuelSchema = z.union(
  [
    z.strictObject({ eighths: z.number(conditionMessages.eighthsInvalid).int(conditionMessages.eighthsInvalid).min(0, conditionMessages.eighthsInvalid).max(FUEL_EIGHTHS, conditionMessages.eighthsInvalid) }),
    z.strictObject({ charge_percent: z.number(conditionMessages.chargeInvalid).int(conditionMessages.chargeInvalid).min(0, conditionMessages.chargeInvalid).max(100, conditionMessages.chargeInvalid) }),
  ],
  { error: conditionMessages.fuelInvalid },
);
export type Fuel = z.infer<typeof fuelSchema>;

export const formatFuel = (fuel: Fuel): string => ('eighths' in fuel ? `${fuel.eighths}/8` : `${fuel.charge_percent}% charge`);

const shortText = (max: number, message: string) => typedText({ max, tooLong: message, invalid: message });
const recordId = z.string(conditionMessages.photoInvalid).regex(/^[0-9a-f-]{36}$/i, conditionMessages.photoInvalid);

export const markSchema = z.strictObject({
  panel: z.enum(PANEL_NAMES, conditionMessages.panelInvalid),
  kind: z.enum(MARK_KINDS, conditionMessages.kindInvalid),
  photo_id: recordId.optional(),
  note: shortText(200, conditionMessages.markNoteInvalid)
    .transform((v) => v || null)
    .optional(),
});
export type Mark = z.infer<typeof markSchema>;

/** The traveller's acknowledgement: their name and signature (a photo id: the drawn image, uploaded), or why they are not there. */
export const ackSchema = z.union(
  [
    z.strictObject({
      name: typedText({ max: 80, tooLong: conditionMessages.nameInvalid, invalid: conditionMessages.nameInvalid, required: conditionMessages.nameNeeded }),
      signature: z.string(conditionMessages.signatureNeeded).regex(/^[0-9a-f-]{36}$/i, conditionMessages.signatureNeeded),
    }),
    z.strictObject({ not_present: refundReasonSchema.min(1, conditionMessages.notPresentNeeded) }),
  ],
  { error: conditionMessages.ackInvalid },
);
export type Ack = z.infer<typeof ackSchema>;

/** POST /api/yard/bookings/{id}/condition. */
export const conditionRequestSchema = z.strictObject({
  stage: z.enum(CONDITION_STAGES, conditionMessages.stageInvalid),
  odometer_km: wholeKm,
  fuel: fuelSchema,
  marks: z.array(markSchema, conditionMessages.panelInvalid).max(MAX_MARKS, conditionMessages.tooManyMarks),
  items: z.array(typedText({ max: 60, tooLong: conditionMessages.itemInvalid, invalid: conditionMessages.itemInvalid, required: conditionMessages.itemInvalid }), conditionMessages.itemInvalid).max(MAX_ITEMS, conditionMessages.tooManyItems).optional(),
  key_tag: z
    .string(conditionMessages.keyTagInvalid)
    .trim()
    .toUpperCase()
    .max(10, conditionMessages.keyTagInvalid)
    .regex(/^[A-Z0-9-]*$/, conditionMessages.keyTagInvalid)
    .transform((v) => v || null)
    .optional(),
  /** Why a collection's odometer reads lower than the drop-off's (a replaced instrument cluster): needed then. */
  odometer_note: shortText(200, conditionMessages.odometerNoteInvalid)
    .transform((v) => v || null)
    .optional(),
  ack: ackSchema,
  /** The record this one corrects: the stage's latest. Records never change once acknowledged. */
  corrects: z.string(conditionMessages.correctsInvalid).regex(/^[0-9a-f-]{36}$/i, conditionMessages.correctsInvalid).optional(),
  /** The booking's version as the screen read it. */
  version: editVersion(conditionMessages.versionNeeded),
});
export type ConditionRequest = z.infer<typeof conditionRequestSchema>;
export type ConditionRequestInput = z.input<typeof conditionRequestSchema>;

/** A record as the API answers it. */
export const conditionRecordSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  stage: z.enum(CONDITION_STAGES),
  /** 1 for the stage's first record, each correction one more. */
  sequence: z.number().int(),
  odometer_km: z.number().int(),
  fuel: fuelSchema,
  marks: z.array(z.object({ panel: z.enum(PANEL_NAMES), kind: z.enum(MARK_KINDS), photo_id: z.string().nullable(), note: z.string().nullable() })),
  items: z.array(z.string()),
  key_tag: z.string().nullable(),
  odometer_note: z.string().nullable(),
  ack: z.object({ name: z.string().nullable(), signature: z.string().nullable(), not_present: z.string().nullable() }),
  corrects: z.string().nullable(),
  /** Who took it: the signed-in e-mail, or the user id when the token carries none. */
  taken_by: z.string(),
  /** How staff see them (name, else e-mail) at the time, when the token said. */
  taken_by_name: z.string().nullable(),
  taken_at: z.string(),
});
export type ConditionRecord = z.infer<typeof conditionRecordSchema>;

/** What changed between drop-off and collection. */
export const conditionComparisonSchema = z.object({
  /** Marks at collection on a panel and of a kind the drop-off did not have. */
  new_marks: z.array(conditionRecordSchema.shape.marks.element),
  /** Odometer at collection less drop-off. */
  distance_km: z.number().int(),
  /** The distance less the yard's own moves, never below 0. */
  beyond_yard_km: z.number().int(),
  /** Eighths or percentage points used (negative: added); null when one reading is fuel and the other charge. */
  fuel_used: z.object({ eighths: z.number().int() }).or(z.object({ charge_percent: z.number().int() })).nullable(),
});
export type ConditionComparison = z.infer<typeof conditionComparisonSchema>;

/** GET /api/yard/bookings/{id}/condition: every record, the stages' current ones, and the comparison once both exist. */
export const conditionViewSchema = z.object({
  records: z.array(conditionRecordSchema),
  drop_off: conditionRecordSchema.nullable(),
  collection: conditionRecordSchema.nullable(),
  yard_moves_km: z.number().int(),
  comparison: conditionComparisonSchema.nullable(),
});
export type ConditionView = z.infer<typeof conditionViewSchema>;

export const conditionResponseSchema = z.object({ record: conditionRecordSchema, view: conditionViewSchema });

/** A stage's current record: its latest correction, or its first. */
export function currentRecord(records: readonly ConditionRecord[], stage: ConditionStage): ConditionRecord | null {
  return records.filter((r) => r.stage === stage).reduce<ConditionRecord | null>((a, r) => (!a || r.sequence > a.sequence ? r : a), null);
}

type MarkOut = ConditionRecord['marks'][number];
const markKey = (m: Pick<MarkOut, 'panel' | 'kind'>) => `${m.panel}:${m.kind}`;

/** Fuel used from one reading to the next, in the unit both share; null when they differ (a tank against a battery). */
export function fuelUsed(before: Fuel, after: Fuel): ConditionComparison['fuel_used'] {
  if ('eighths' in before && 'eighths' in after) return { eighths: before.eighths - after.eighths };
  if ('charge_percent' in before && 'charge_percent' in after) return { charge_percent: before.charge_percent - after.charge_percent };
  return null;
}

/** The distance driven beyond the yard's own moves: never negative, never more than the distance. */
export const beyondYardKm = (distanceKm: number, yardMovesKm: number): number => Math.max(0, distanceKm - Math.max(0, yardMovesKm));

export function compareConditions(dropOff: Pick<ConditionRecord, 'odometer_km' | 'fuel' | 'marks'>, collection: Pick<ConditionRecord, 'odometer_km' | 'fuel' | 'marks'>, yardMovesKm: number): ConditionComparison {
  const before = new Set(dropOff.marks.map(markKey));
  const distance = collection.odometer_km - dropOff.odometer_km;
  return {
    new_marks: collection.marks.filter((m) => !before.has(markKey(m))),
    distance_km: distance,
    beyond_yard_km: beyondYardKm(distance, yardMovesKm),
    fuel_used: fuelUsed(dropOff.fuel, collection.fuel),
  };
}
