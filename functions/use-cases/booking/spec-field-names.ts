/** The checkout names its fields quote.dropOffDate and so on; the dashboards' routes use snake_case (docs/product-rules.md, Field names). */
import type { CheckoutQuote } from '../../../shared/booking';
import { DomainError } from '../../domain/errors';

const SPEC_NAMES: Record<string, string> = {
  'quote.dropOffDate': 'drop_off_date',
  'quote.dropOffTime': 'drop_off_time',
  'quote.pickUpDate': 'pick_up_date',
  'quote.pickUpTime': 'pick_up_time',
};

/** Runs a checkout and renames the field errors it throws to the snake_case field names. */
export async function withSpecFieldNames<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof DomainError ? error.withFieldNames((field) => SPEC_NAMES[field] ?? field) : error;
  }
}

/** The stay of a dashboard's booking request (snake_case names) as the checkout's quote. */
export function quoteOf(req: {
  drop_off_date: string;
  drop_off_time: string;
  pick_up_date: string;
  pick_up_time: string;
  car_wash: boolean;
  car_cleaning?: boolean;
  car_detailing?: boolean;
  car_servicing?: boolean;
  departure_flight?: string;
  return_flight?: string;
}): CheckoutQuote {
  return {
    dropOffDate: req.drop_off_date,
    dropOffTime: req.drop_off_time,
    pickUpDate: req.pick_up_date,
    pickUpTime: req.pick_up_time,
    carWash: req.car_wash,
    carCleaning: req.car_cleaning,
    carDetailing: req.car_detailing,
    carServicing: req.car_servicing,
    departureFlightNumber: req.departure_flight || undefined,
    returnFlightNumber: req.return_flight || undefined,
  };
}
