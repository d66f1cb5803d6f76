/**
 * A new booking from the customer dashboard (New Booking in customer mode, docs/accounts.md): the person's name,
 * phone and e-mail come from their profile or latest customer record on the server, so the request carries only
 * the car and the stay, with the snake_case field names (docs/product-rules.md, Field names).
 */
import * as z from 'zod';
import { optionalFlightNumber } from './flight-number';
import { customerDetailsSchema, duplicateTripFields, paymentTypeSchema } from './booking';
import { serviceChoiceShape } from './add-on-schemas';

export const myCheckoutMessages = {
  profileIncomplete: 'Add your first name, last name and contact number in your profile before booking here.',
  notAuthenticated: 'Not authenticated',
  proceedFailed: 'Failed to proceed to payment',
  noCheckoutUrl: 'No checkout URL received',
  created: 'New booking created successfully',
} as const;

const dateText = z.string('Invalid date or time format');

/** POST /api/me/checkout */
export const myCheckoutRequestSchema = z.strictObject({
  car_registration: customerDetailsSchema.shape.carRegistration,
  drop_off_date: dateText,
  drop_off_time: dateText,
  pick_up_date: dateText,
  pick_up_time: dateText,
  car_wash: z.boolean('Please choose whether you want a car wash').default(false),
  ...serviceChoiceShape,
  departure_flight: optionalFlightNumber,
  return_flight: optionalFlightNumber,
  payment_type: paymentTypeSchema.default('full'),
  confirm_duplicate: duplicateTripFields.confirm_duplicate,
});
export type MyCheckoutRequest = z.infer<typeof myCheckoutRequestSchema>;
export type MyCheckoutRequestInput = z.input<typeof myCheckoutRequestSchema>;
