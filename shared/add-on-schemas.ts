/**
 * The add-ons' flags in the API's request and response shapes (zod), apart from the price list (add-ons.ts) so that
 * the first load of `/`, whose quote card reads the price list, does not carry the schema library.
 */
import * as z from 'zod';

const flag = () => z.boolean('Expected true or false');

/** The services' flags in a booking object the API answers with. */
export const serviceFlagsShape = { car_cleaning: z.boolean(), car_detailing: z.boolean(), car_servicing: z.boolean() };
/** ... in a request that books (not sent: not chosen). */
export const serviceChoiceShape = { car_cleaning: flag().default(false), car_detailing: flag().default(false), car_servicing: flag().default(false) };
/** The booked add-ons with what each cost the booking (dollars), for a receipt. */
export const bookedAddOnsSchema = z.array(z.object({ service: z.string(), name: z.string(), cost: z.number() }));

/** ... in an edit (not sent: unchanged). */
export const serviceEditShape = { car_cleaning: flag().optional(), car_detailing: flag().optional(), car_servicing: flag().optional() };
/** ... in the quote data (camelCase, not sent: not chosen, as shared/quote.ts reads a Selection). */
export const serviceQuoteShape = { carCleaning: flag().optional(), carDetailing: flag().optional(), carServicing: flag().optional() };
