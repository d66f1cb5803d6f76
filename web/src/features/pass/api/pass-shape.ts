/**
 * The pass answer checked by hand: the same judgement as the shared schema (`passSchema`, shared/pass.ts) without zod,
 * which would be a quarter of the pass's first load (docs/pass.md "Speed"). tests/unit/pass-shape.test.ts
 * holds the two to the same answers, field by field, so a field added to the schema fails there until it is added here.
 */
import type { Pass } from '@shared/pass';
import { passInvoiceWays, passStatuses } from '@shared/pass-texts';
import { returnedPaymentReasons } from '@shared/returned-payment';

type Check = (v: unknown) => boolean;

const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const int: Check = (v) => Number.isSafeInteger(v);
const bool: Check = (v) => typeof v === 'boolean';
const orNull = (c: Check): Check => (v) => v === null || c(v);
const oneOf = (values: readonly string[]): Check => (v) => typeof v === 'string' && values.includes(v);
const object =
  (shape: Record<string, Check>): Check =>
  (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.entries(shape).every(([k, c]) => c((v as Record<string, unknown>)[k]));

const arrayOf = (c: Check): Check => (v) => Array.isArray(v) && v.every(c);

const stayPoint = object({ date: str, time: str });

/** Each field of the pass and what it must hold; exported for the test that compares it with the schema. */
export const passShape: Record<string, Check> = {
  reference: str,
  pass_url: str,
  token: str,
  status: oneOf(passStatuses),
  drop_off: stayPoint,
  pick_up: stayPoint,
  days: int,
  departure_flight: orNull(str),
  return_flight: orNull(str),
  return_flight_notice: orNull(str),
  return_flight_landed: bool,
  car_registration: orNull(str),
  parking_bay_number: orNull(str),
  car_wash: bool,
  car_cleaning: bool,
  car_detailing: bool,
  car_servicing: bool,
  total_cost: num,
  amount_paid: num,
  balance_due: num,
  can: object({ pay_balance: bool, cancel: bool, say_landed: bool, resend_confirmation: bool, add_to_calendar: bool }),
  cancellation: object({ cancellable: bool, reason: orNull(str), paid: num, refund: num, fee: num, kept: num, kept_reason: orNull(str) }),
  wallet: object({ apple: bool, google_save_url: orNull(str) }),
  invoice: oneOf(passInvoiceWays),
  returned_payments: arrayOf(object({ amount: num, kept: num, refund: num, reason: oneOf(returnedPaymentReasons), refunded: bool })),
};

export const isPass = object(passShape) as (v: unknown) => v is Pass;
