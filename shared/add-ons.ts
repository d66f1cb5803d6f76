/**
 * The price list of the add-on services booked with a stay (docs/product-rules.md, Price: "Car wash add-on: $60 flat",
 * "Service prices: cleaning $75, detailing $250, servicing $250"), GST inclusive, integer cents. The server
 * prices every quote, checkout, edit and refund from it, and every screen, e-mail and document reads its
 * names and prices from here.
 *
 * Each add-on is a yes/no choice named as the API names the car wash (docs/product-rules.md, Field names): `carWash` in the quote data
 * (`carCleaning`, ...), `car_wash` in the booking objects (`car_cleaning`, ...), `carWashCost` in the cost
 * result (`carCleaningCost`, ...). The car wash keeps its own fields everywhere; the others are optional on
 * stored bookings (older bookings have none).
 *
 * No zod here: the quote card on `/` reads this list, and the first load of `/` stays without the schema library
 * (the request and response shapes are in add-on-schemas.ts).
 */
import { formatMoney, type Cents } from './money';

export const ADD_ON_IDS = ['carWash', 'carCleaning', 'carDetailing', 'carServicing'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];
/** The services of the Services page: every add-on but the car wash, which has been on the quote card since the start. */
export type ServiceId = Exclude<AddOnId, 'carWash'>;
export const SERVICE_IDS: readonly ServiceId[] = ['carCleaning', 'carDetailing', 'carServicing'];

/** The snake_case name of an add-on in the booking objects. */
export type AddOnField = 'car_wash' | 'car_cleaning' | 'car_detailing' | 'car_servicing';
export type ServiceField = Exclude<AddOnField, 'car_wash'>;

export interface AddOn {
  id: AddOnId;
  field: AddOnField;
  /** As the product names it on its own line of a quote, receipt or invoice. */
  name: string;
  cents: Cents;
  description: string;
  /** The yard's job on the day sheet, done while the car is parked (`Car cleaning for RP-ABC234`). */
  task: string;
  /**
   * Which day's sheet lists the job: a clean is done for the pick-up, so the car is clean when collected; a
   * service is done on arrival, so anything it finds is known (and can be fixed) before the traveller returns.
   */
  taskDay: 'dropoff' | 'pickup';
}

export const ADD_ONS: readonly AddOn[] = [
  { id: 'carWash', field: 'car_wash', name: 'Car wash', cents: 6000, description: 'Your vehicle will be professionally washed and ready for pick-up.', task: 'Car wash', taskDay: 'pickup' },
  {
    id: 'carCleaning',
    field: 'car_cleaning',
    name: 'Car Cleaning',
    cents: 7500,
    description: 'Come back to a fresh car: a thorough wash outside and a tidy-up inside.',
    task: 'Car cleaning',
    taskDay: 'pickup',
  },
  {
    id: 'carDetailing',
    field: 'car_detailing',
    name: 'Car Detailing',
    cents: 25000,
    description: 'A deep clean and polish that brings paintwork and upholstery back to their best.',
    task: 'Car detailing',
    taskDay: 'pickup',
  },
  {
    id: 'carServicing',
    field: 'car_servicing',
    name: 'Car Servicing',
    cents: 25000,
    description: "Tick off your car's regular service while you fly, with no extra trip to the garage.",
    task: 'Car servicing',
    taskDay: 'dropoff',
  },
];

export const addOn = (id: AddOnId): AddOn => ADD_ONS.find((a) => a.id === id)!;

export const isAddOnId = (v: unknown): v is AddOnId => typeof v === 'string' && (ADD_ON_IDS as readonly string[]).includes(v);
export const isServiceId = (v: unknown): v is ServiceId => typeof v === 'string' && (SERVICE_IDS as readonly string[]).includes(v);

/** Which add-ons are chosen, by id; a missing one is not chosen. */
export type AddOnChoices = Partial<Record<AddOnId, boolean>>;
/** The same in the booking objects' names. */
export type AddOnFlags = Partial<Record<AddOnField, boolean>>;

export const chosenAddOns = (choices: AddOnChoices): AddOn[] => ADD_ONS.filter((a) => choices[a.id] === true);

/** The add-ons a booking object has booked (`car_wash`, `car_cleaning`, ...), in the price list's order. */
export const bookedAddOns = (flags: AddOnFlags): AddOn[] => ADD_ONS.filter((a) => flags[a.field] === true);

/** The sum of the chosen add-ons' prices. */
export const addOnsCents = (choices: AddOnChoices): Cents => chosenAddOns(choices).reduce((sum, a) => sum + a.cents, 0);

/** "Car Detailing (+$250.00)": a choice's label, its price from this list. */
export const addOnChoiceLabel = (a: AddOn): string => `${a.name} (+${formatMoney(a.cents)})`;

/** Only the services of a choice (`carCleaning`, ...), each present. */
export function serviceChoicesOf(choices: AddOnChoices): Record<ServiceId, boolean> {
  return { carCleaning: choices.carCleaning === true, carDetailing: choices.carDetailing === true, carServicing: choices.carServicing === true };
}

/** Only the services' flags (`car_cleaning`, ...) of a choice, for a request that sends the car wash itself. */
export function serviceFlags(choices: AddOnChoices): Record<ServiceField, boolean> {
  return { car_cleaning: choices.carCleaning === true, car_detailing: choices.carDetailing === true, car_servicing: choices.carServicing === true };
}

/** The quote data's choices (camelCase) as the booking objects' flags (snake_case), every add-on present. */
export function addOnFlags(choices: AddOnChoices): Record<AddOnField, boolean> {
  return Object.fromEntries(ADD_ONS.map((a) => [a.field, choices[a.id] === true])) as Record<AddOnField, boolean>;
}

/** The booking objects' flags as choices; `fallback` fills the ones the object leaves out (an edit keeps what was booked). */
export function choicesFromFlags(flags: AddOnFlags, fallback: AddOnChoices = {}): Record<AddOnId, boolean> {
  return Object.fromEntries(ADD_ONS.map((a) => [a.id, flags[a.field] ?? fallback[a.id] === true])) as Record<AddOnId, boolean>;
}
