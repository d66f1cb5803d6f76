/**
 * The admin's price rules page (`/admin/pricing`): what `GET`/`PUT /api/admin/pricing` and the preview carry, and the
 * ten sample stays the preview prices under the rules in force and the proposed ones.
 */
import * as z from 'zod';
import { addDays, nzToday } from './nz-time';
import { weekdayOf, type AppliedRule, type PriceRuleSet } from './price-rules';
import { priceRuleSetSchema } from './price-rules-schema';
import { editVersion } from './text';

/** The version of a rule set never saved: the first save must name it. */
export const INITIAL_PRICE_RULES_VERSION = 'initial';

export const pricingAdminMessages = {
  version: 'Reload the price rules and try again',
  stale: 'Someone else changed the price rules: reload them and try again',
  saved: 'Price rules saved',
  loadFailed: 'Failed to load the price rules',
} as const;

export const pricingSaveSchema = z.strictObject({ version: editVersion(pricingAdminMessages.version), ruleSet: priceRuleSetSchema });
export type PricingSave = z.infer<typeof pricingSaveSchema>;

export const pricingPreviewRequestSchema = z.strictObject({ ruleSet: priceRuleSetSchema });
export type PricingPreviewRequest = z.infer<typeof pricingPreviewRequestSchema>;

export const priceRulesChangeSchema = z.object({ at: z.string(), by: z.string(), before: priceRuleSetSchema, after: priceRuleSetSchema });
export type PriceRulesChange = z.infer<typeof priceRulesChangeSchema>;

export const pricingAnswerSchema = z.object({
  ruleSet: priceRuleSetSchema,
  version: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The latest changes, newest first. */
  history: z.array(priceRulesChangeSchema),
});
export type PricingAnswer = z.infer<typeof pricingAnswerSchema>;

export interface SampleStay {
  label: string;
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
}

const appliedRuleSchema = z.object({ kind: z.enum(['occupancy', 'leadTime', 'weekday', 'dates', 'floor', 'ceiling']), name: z.string(), percent: z.number().nullable(), days: z.number().int() });

export const pricingPreviewSchema = z.object({
  rows: z.array(
    z.object({
      label: z.string(),
      dropOffDate: z.string(),
      dropOffTime: z.string(),
      pickUpDate: z.string(),
      pickUpTime: z.string(),
      days: z.number().int(),
      /** Parking in cents under the rules in force and under the proposed ones. */
      currentCents: z.number().int(),
      proposedCents: z.number().int(),
      currentRules: z.array(appliedRuleSchema),
      proposedRules: z.array(appliedRuleSchema),
    }),
  ),
});
export type PricingPreview = z.infer<typeof pricingPreviewSchema>;
export type PreviewRow = PricingPreview['rows'][number];
/** The rules named on a preview row (the quote's `appliedRules`). */
export type PreviewRule = AppliedRule;

/** The first date on or after `from` that falls on `weekday`. */
function nextWeekday(from: string, weekday: ReturnType<typeof weekdayOf>): string {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/**
 * Ten stays an operator recognises, from tomorrow (NZ): short and long, soon and far, a weekend, and the first date
 * rule's start when the proposed rules have one, so a change's effect on each kind of trip shows before it is saved.
 */
export function sampleStays(now: Date, proposed?: PriceRuleSet): SampleStay[] {
  const today = nzToday(now);
  const stay = (label: string, start: string, days: number): SampleStay => ({ label, dropOffDate: start, dropOffTime: '09:00', pickUpDate: addDays(start, days), pickUpTime: '09:00' });
  const friday = nextWeekday(addDays(today, 1), 'Fri');
  const dated = proposed?.rules.find((r) => r.kind === 'dates' && r.from > today);
  return [
    stay('1 day, tomorrow', addDays(today, 1), 1),
    stay('3 days, in 2 days', addDays(today, 2), 3),
    stay('Weekend, Friday to Monday', friday, 3),
    stay('4 days, in a week', addDays(today, 7), 4),
    stay('A week, in a week', addDays(today, 7), 7),
    stay('10 days, in 2 weeks', addDays(today, 14), 10),
    stay('2 weeks, in a month', addDays(today, 30), 14),
    stay('1 day, in 3 days', addDays(today, 3), 1),
    stay('3 weeks, in 2 months', addDays(today, 60), 21),
    dated && dated.kind === 'dates' ? stay(`A week from ${dated.from}`, dated.from, 7) : stay('A week, in 3 months', addDays(today, 90), 7),
  ];
}
