/**
 * The add-on price list's helpers (shared/add-ons.ts): which add-ons a choice holds, what they cost, and the same
 * choice in the quote's names (`carWash`) and the booking objects' (`car_wash`). Prices are the ones the product
 * rules state: car wash $60, cleaning $75, detailing $250, servicing $250.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addOnChoiceLabel, addOn, addOnFlags, addOnsCents, bookedAddOns, chosenAddOns, choicesFromFlags, isAddOnId, isServiceId, serviceChoicesOf, serviceFlags, type AddOnChoices } from '../../shared/add-ons';
import { formatMoneyShort } from '../../shared/money';

const choiceArb = fc.record({ carWash: fc.boolean(), carCleaning: fc.boolean(), carDetailing: fc.boolean(), carServicing: fc.boolean() }, { requiredKeys: [] });

describe('what a choice costs', () => {
  it('sums the chosen add-ons at the stated prices; nothing chosen costs nothing', () => {
    expect(addOnsCents({})).toBe(0);
    expect(addOnsCents({ carWash: true })).toBe(6000);
    expect(addOnsCents({ carCleaning: true, carDetailing: true })).toBe(7500 + 25000);
    expect(addOnsCents({ carWash: true, carCleaning: true, carDetailing: true, carServicing: true })).toBe(6000 + 7500 + 25000 + 25000);
    expect(addOnsCents({ carWash: false, carServicing: true })).toBe(25000);
  });

  it('lists the chosen add-ons in the price list order, only those set to true', () => {
    expect(chosenAddOns({ carServicing: true, carWash: true }).map((a) => a.id)).toEqual(['carWash', 'carServicing']);
    expect(chosenAddOns({ carWash: false })).toEqual([]);
    expect(bookedAddOns({ car_detailing: true, car_wash: false }).map((a) => a.id)).toEqual(['carDetailing']);
  });

  it('labels a choice with its price, and shortens whole-dollar prices', () => {
    expect(addOnChoiceLabel(addOn('carDetailing'))).toBe('Car Detailing (+$250.00)');
    expect(formatMoneyShort(25000)).toBe('$250');
    expect(formatMoneyShort(1250)).toBe('$12.50');
  });
});

describe('names', () => {
  it('knows the add-on and service ids, and nothing else', () => {
    expect(['carWash', 'carCleaning', 'carDetailing', 'carServicing'].every(isAddOnId)).toBe(true);
    expect(['carCleaning', 'carDetailing', 'carServicing'].every(isServiceId)).toBe(true);
    for (const other of ['car_wash', 'CarWash', '', 42, null, undefined]) {
      expect(isAddOnId(other), String(other)).toBe(false);
      expect(isServiceId(other), String(other)).toBe(false);
    }
    // The car wash is an add-on but not a service.
    expect(isServiceId('carWash')).toBe(false);
  });

  it('turns a choice into every flag, and the services alone, each present', () => {
    const choice: AddOnChoices = { carWash: true, carDetailing: true };
    expect(addOnFlags(choice)).toEqual({ car_wash: true, car_cleaning: false, car_detailing: true, car_servicing: false });
    expect(serviceFlags(choice)).toEqual({ car_cleaning: false, car_detailing: true, car_servicing: false });
    expect(serviceChoicesOf(choice)).toEqual({ carCleaning: false, carDetailing: true, carServicing: false });
    expect(serviceFlags({ carCleaning: true, carServicing: true })).toEqual({ car_cleaning: true, car_detailing: false, car_servicing: true });
    expect(serviceChoicesOf({ carCleaning: true, carServicing: true })).toEqual({ carCleaning: true, carDetailing: false, carServicing: true });
  });

  it('reads flags back as the same choice; a flag left out keeps what the fallback had', () => {
    fc.assert(
      fc.property(choiceArb, (choice) => {
        expect(choicesFromFlags(addOnFlags(choice))).toEqual({ carWash: choice.carWash === true, carCleaning: choice.carCleaning === true, carDetailing: choice.carDetailing === true, carServicing: choice.carServicing === true });
        expect(addOnsCents(choicesFromFlags(addOnFlags(choice)))).toBe(addOnsCents(choice));
      }),
    );
    expect(choicesFromFlags({ car_wash: false }, { carWash: true, carCleaning: true })).toEqual({ carWash: false, carCleaning: true, carDetailing: false, carServicing: false });
  });
});
