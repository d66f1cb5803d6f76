/**
 * The yard phone screen's contract: scanning a pass, the booking as the yard sees it (what is due, a
 * suggested free bay, the step to take, staff notes), check-in, check-out and notes. Pure zod, shared by the SPA
 * and the API. Notes are for staff only: no customer response carries them.
 */
import * as z from 'zod';
import { bayText } from './bays';
import { adminBookingSchema, bookingNoteSchema } from './admin';
import { checkoutOverrideSchema } from './balance';
import { isoDate } from './schemas';
import { statusOverrideSchema } from './status-transitions';
import { editVersion, typedText } from './text';

/**
 * The most notes one booking holds (staff's notes and check-in's): its notes stay readable on the yard's screen and in
 * the edit dialog, and a day sheet stays small. Past it a note is refused with `yardMessages.notesFull`.
 */
export const NOTES_PER_BOOKING = 50;

/** How many of a booking's notes flagged for a date the day sheet lists: the latest, with a count of the others. */
export const DAY_SHEET_NOTES_PER_BOOKING = 1;

/** Under a booking's latest flagged note on the day sheet, when it has others for the date. */
export const earlierNotesText = (count: number): string => `and ${count} earlier note${count === 1 ? '' : 's'} for this booking: open it to read them`;

export const yardMessages = {
  notAPass: 'This code is not one of our passes',
  codeNeeded: 'Scan or type the code on the pass',
  registrationNeeded: 'Enter the car registration',
  registrationInvalid: 'Please enter a valid car registration',
  bayNeeded: 'Choose a parking bay',
  keyTagInvalid: 'A key tag is up to 10 letters or digits',
  makeInvalid: 'Make and colour are up to 30 letters, digits and spaces',
  noteNeeded: 'Write the note',
  noteTooLong: 'A note can be at most 500 characters',
  noteInvalid: 'A note can hold letters, digits and punctuation only',
  notCheckedIn: 'Only a car that is checked in can be checked out',
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  noteSaved: 'Note saved',
  notesFull: `This booking already has ${NOTES_PER_BOOKING} notes, the most one booking can hold.`,
} as const;

/**
 * What stopped the yard's camera scanner, each said as what it is and what to do (the page then offers a photo). The
 * browser names the cause (getUserMedia's error); the page's own settings and the connection are checked first.
 */
export const cameraMessages = {
  insecure: 'The camera works only on a secure (https) page. Open the yard screen at its https address, or scan from a photo.',
  policy: 'This page was opened without the camera. Reload the page to use it, or scan from a photo.',
  unsupported: 'This browser cannot use the camera. Scan from a photo instead.',
  denied: 'The camera is blocked for this site. Allow it in the browser\'s site settings (the icon beside the address), then try again, or scan from a photo.',
  noCamera: 'No camera was found on this device. Scan from a photo instead.',
  busy: 'The camera is in use by another app or could not start. Close the other app and try again, or scan from a photo.',
  failed: 'The camera could not be opened. Try again, or scan from a photo.',
} as const;

/** POST /api/yard/scan: what the camera (or the photo, or the keyboard) read from the pass's QR code. */
export const yardScanSchema = z.strictObject({ code: z.string(yardMessages.codeNeeded).trim().min(1, yardMessages.codeNeeded).max(2000, yardMessages.notAPass) });
export type YardScan = z.infer<typeof yardScanSchema>;

const upperText = (max: number, pattern: RegExp, message: string) => z.string(message).trim().toUpperCase().max(max, message).regex(pattern, message);
const optionalWords = z
  .string(yardMessages.makeInvalid)
  .trim()
  .max(30, yardMessages.makeInvalid)
  .regex(/^[\p{L}\p{N} -]*$/u, yardMessages.makeInvalid)
  .transform((v) => v || null)
  .optional();

/** POST /api/yard/bookings/{id}/check-in: the car as staff confirm it, the bay, the key tag, a note. */
export const checkInSchema = z.strictObject({
  car_registration: upperText(10, /^[A-Z0-9 ]*$/, yardMessages.registrationInvalid)
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v.length > 0, yardMessages.registrationNeeded),
  car_make: optionalWords,
  car_colour: optionalWords,
  parking_bay_number: bayText.refine((v) => v.length > 0, yardMessages.bayNeeded),
  key_tag: upperText(10, /^[A-Z0-9-]*$/, yardMessages.keyTagInvalid)
    .transform((v) => v || null)
    .optional(),
  note: typedText({ max: 500, tooLong: yardMessages.noteTooLong, invalid: yardMessages.noteInvalid, multiline: true }).optional(),
  /** An admin checking a car in before its drop-off day (shared/status-transitions.ts). */
  status_override: statusOverrideSchema.optional(),
  version: editVersion('Reload the booking and try again'),
});
export type CheckIn = z.infer<typeof checkInSchema>;
export type CheckInInput = z.input<typeof checkInSchema>;

/** POST /api/yard/bookings/{id}/check-out: refused while money is due unless an admin lets the car go with a reason. */
export const checkOutSchema = z.strictObject({
  checkout_override: checkoutOverrideSchema.optional(),
  status_override: statusOverrideSchema.optional(),
  version: editVersion('Reload the booking and try again'),
});
export type CheckOut = z.infer<typeof checkOutSchema>;
export type CheckOutInput = z.input<typeof checkOutSchema>;

export const noteText = typedText({ max: 500, tooLong: yardMessages.noteTooLong, invalid: yardMessages.noteInvalid, required: yardMessages.noteNeeded, multiline: true });

/** POST /api/admin/bookings/{id}/notes: a staff note, optionally flagged for a date's day sheet. */
export const noteRequestSchema = z.strictObject({ text: noteText, flag_date: isoDate.optional() });
export type NoteRequest = z.infer<typeof noteRequestSchema>;

export { bookingNoteSchema, flaggedNoteSchema, type BookingNote, type FlaggedNote } from './admin';
export const noteResponseSchema = z.object({ note: bookingNoteSchema });

export const yardSteps = ['checkin', 'checkout'] as const;
export type YardStep = (typeof yardSteps)[number];

/** The booking as the yard sees it: for staff only (notes, key tag, what is due now). Money in dollars. */
export const yardBookingSchema = z.object({
  booking: adminBookingSchema,
  notes: z.array(bookingNoteSchema),
  due: z.object({
    /** The balance on the booking now. */
    balance: z.number(),
    /** Days past the booked pick-up (shared/balance.ts lateDays) and the fee for them not yet charged. */
    late_days: z.number().int(),
    late_fee: z.number(),
    /** Why part or all of the late fee is not charged: "Late fee waived: NZ102 landed 2 h 10 min late" (shared/money-policy.ts). */
    late_fee_waiver: z.string().nullable(),
    /** What must be paid before the car leaves. */
    total: z.number(),
  }),
  /** A bay free for the whole stay (the booking's own when it has one that is still free); null when none is. */
  suggested_bay: z.string().nullable(),
  /** The next step in the yard: check in a reservation, check out a car that is in; null otherwise. */
  next_step: z.enum(yardSteps).nullable(),
  /** Why the next step needs an admin (an early check-in), if it does. */
  step_blocked: z.string().nullable(),
  /**
   * The return flight cancelled or diverted (the tracker's word): the traveller will not be back as booked, and staff
   * move the pick-up when they hear; what the pass tells the traveller. Null otherwise.
   */
  flight_alert: z.string().nullable(),
});
export type YardBooking = z.infer<typeof yardBookingSchema>;

/** The pass QR code holds the pass's address `<site>/pass/<token>`; a bare token is taken too (typed from the pass). */
export function tokenFromCode(code: string): string {
  const text = code.trim();
  const m = /\/pass\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  return m ? decodeURIComponentSafe(m[1]!) : text;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
