/**
 * Walk-ins: a traveller who turns up at the yard without a booking. Staff book the car in from
 * now (the online lead time is for customers booking ahead, not for a car already at the gate), and take the
 * money in the yard (cash or EFTPOS, recorded as a payment line) or e-mail the traveller a card payment link.
 * Pure zod and rules, shared by the walk-in form and POST /api/admin/walk-ins.
 */
import * as z from 'zod';
import { adminBookingSchema, customerName } from './admin';
import { bayText } from './bays';
import { customerDetailsSchema } from './booking';
import { optionalFlightNumber } from './flight-number';
import { nzNow, type WallClock } from './nz-time';
import { isoDate } from './schemas';
import { SLOT_MINUTES } from './slots';
import { serviceChoiceShape } from './add-on-schemas';

export const walkInPayments = ['cash', 'eftpos', 'card_link'] as const;
export type WalkInPayment = (typeof walkInPayments)[number];
export const walkInPaymentLabels: Record<WalkInPayment, string> = { cash: 'Cash', eftpos: 'EFTPOS', card_link: 'Card link by e-mail' };

export const walkInMessages = {
  paymentChoice: 'Choose cash, EFTPOS or a card link',
  created: (reference: string) => `Walk-in ${reference} booked, paid and checked in`,
  emailed: (email: string) => `The confirmation and the booking pass were e-mailed to ${email}.`,
  linkSent: (email: string) => `Payment link sent to ${email}`,
  failed: 'Failed to book the walk-in',
  linkSubject: 'Pay for your parking at Runway Parking',
} as const;

/** POST /api/admin/walk-ins: who, the car, when they come back, and how they pay. The drop-off is now (the server's clock). */
export const walkInRequestSchema = z.strictObject({
  name: customerName,
  email: customerDetailsSchema.shape.email,
  contact_number: customerDetailsSchema.shape.contactNumber,
  car_registration: customerDetailsSchema.shape.carRegistration,
  pick_up_date: isoDate,
  pick_up_time: z.string('Invalid date or time format'),
  car_wash: z.boolean('Expected true or false').default(false),
  ...serviceChoiceShape,
  departure_flight: optionalFlightNumber,
  return_flight: optionalFlightNumber,
  parking_bay_number: bayText.transform((v) => v || null).optional(),
  payment: z.enum(walkInPayments, walkInMessages.paymentChoice),
});
export type WalkInRequest = z.infer<typeof walkInRequestSchema>;
export type WalkInRequestInput = z.input<typeof walkInRequestSchema>;

/**
 * Paid in the yard: the confirmed booking with the payment on its ledger. Card link: the booking waits for the
 * traveller's payment like any checkout (listed once paid); the answer says where the link went.
 */
export const walkInResponseSchema = z.object({
  booking_id: z.string(),
  booking: adminBookingSchema.optional(),
  link_sent_to: z.string().optional(),
});
export type WalkInResponse = z.infer<typeof walkInResponseSchema>;

/** A walk-in's drop-off: now on New Zealand's wall clock, on the half-hour slot it falls in (slots are 30 minutes). */
export function walkInDropOff(now: Date): WallClock {
  const { date, time } = nzNow(now);
  const [h, m] = time.split(':').map(Number) as [number, number];
  const slot = Math.floor(m / SLOT_MINUTES) * SLOT_MINUTES;
  return { date, time: `${String(h).padStart(2, '0')}:${String(slot).padStart(2, '0')}` };
}
