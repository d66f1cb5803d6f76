import { centsToDollars } from './money';
import type { Price } from './pricing';
import type { QuoteResponse } from './schemas';

/** The API's view of a price: dollars with two decimals. */
export function toQuoteResponse(p: Price): QuoteResponse {
  return {
    days: p.days,
    parkingCost: centsToDollars(p.parkingCost),
    shuttleCost: centsToDollars(p.shuttleCost),
    carWashCost: centsToDollars(p.carWashCost),
    carCleaningCost: centsToDollars(p.carCleaningCost),
    carDetailingCost: centsToDollars(p.carDetailingCost),
    carServicingCost: centsToDollars(p.carServicingCost),
    total: centsToDollars(p.total),
    gst: centsToDollars(p.gst),
    parkingType: p.parkingType,
    tariffParkingCost: centsToDollars(p.tariffParkingCost),
    appliedRules: p.appliedRules.map((r) => ({ ...r })),
  };
}
