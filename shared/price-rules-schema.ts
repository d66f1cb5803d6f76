/**
 * The operator's price rules as the admin's page and API take them: the schema, its bounds and its messages (the
 * pricing itself is shared/price-rules.ts, which needs none of this, so a bundle that only prices carries no zod).
 */
import * as z from 'zod';
import { isCalendarDate } from './nz-time';
import { WEEKDAYS } from './weekdays';

/** Bounds that keep a rule set readable and a price sane. */
export const MAX_PRICE_RULES = 40;
export const MAX_PERCENT = 100;
export const MAX_LEAD_DAYS = 365;
/** A day's floor or ceiling, and the Saver fare's change fee, at most $1,000. */
export const MAX_RULE_CENTS = 100_000;

export const priceRulesMessages = {
  percent: `A percentage must be a whole number from -${MAX_PERCENT} to ${MAX_PERCENT}`,
  occupancyNegative: 'An occupancy rule cannot lower the price: a fuller yard never costs less',
  atLeast: 'Occupancy must be a share of the yard above 0 and at most 1 (0.8 is 80% full)',
  withinDays: `Lead time must be a whole number of days from 1 to ${MAX_LEAD_DAYS}`,
  days: 'Choose at least one weekday (Mon, Tue, Wed, Thu, Fri, Sat, Sun), each once',
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The end date must not be before the start date',
  datesOverlap: 'Date rules must not overlap',
  cents: `A price a day must be a whole number of cents from 0 to ${MAX_RULE_CENTS}`,
  floorAboveCeiling: 'The floor must not be above the ceiling',
  saverPercent: 'The Saver discount must be a whole number of percent from 0 to 100',
  saverFee: `The Saver change fee must be a whole number of cents from 0 to ${MAX_RULE_CENTS}`,
  tooMany: `At most ${MAX_PRICE_RULES} rules`,
  kind: 'A rule is one of occupancy, leadTime, weekday or dates',
  notJson: 'The rules must be a JSON document',
} as const;

const percent = z.number(priceRulesMessages.percent).int(priceRulesMessages.percent).min(-MAX_PERCENT, priceRulesMessages.percent).max(MAX_PERCENT, priceRulesMessages.percent);
const calendarDate = z.string(priceRulesMessages.date).refine(isCalendarDate, priceRulesMessages.date);
const centsField = (message: string) => z.number(message).int(message).min(0, message).max(MAX_RULE_CENTS, message);

export const occupancyRuleSchema = z.strictObject({
  kind: z.literal('occupancy'),
  atLeast: z.number(priceRulesMessages.atLeast).gt(0, priceRulesMessages.atLeast).max(1, priceRulesMessages.atLeast),
  // A negative percent here would let a fuller yard cost less, which the pricing promises never happens.
  percent: percent.min(0, priceRulesMessages.occupancyNegative),
});
export const leadTimeRuleSchema = z.strictObject({
  kind: z.literal('leadTime'),
  withinDays: z.number(priceRulesMessages.withinDays).int(priceRulesMessages.withinDays).min(1, priceRulesMessages.withinDays).max(MAX_LEAD_DAYS, priceRulesMessages.withinDays),
  percent,
});
export const weekdayRuleSchema = z.strictObject({
  kind: z.literal('weekday'),
  days: z
    .array(z.enum(WEEKDAYS, priceRulesMessages.days), priceRulesMessages.days)
    .min(1, priceRulesMessages.days)
    .refine((d) => new Set(d).size === d.length, priceRulesMessages.days),
  percent,
});
export const datesRuleSchema = z
  .strictObject({ kind: z.literal('dates'), from: calendarDate, to: calendarDate, percent })
  .refine((r) => r.from <= r.to, { message: priceRulesMessages.dateOrder, path: ['to'] });

export const priceRuleSchema = z.discriminatedUnion('kind', [occupancyRuleSchema, leadTimeRuleSchema, weekdayRuleSchema, datesRuleSchema], {
  error: priceRulesMessages.kind,
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

/** The rule set document an operator edits (`PUT /api/admin/pricing`). Absent bounds bound nothing. */
export const priceRuleSetSchema = z
  .strictObject({
    rules: z.array(priceRuleSchema).max(MAX_PRICE_RULES, priceRulesMessages.tooMany),
    floorPerDayCents: centsField(priceRulesMessages.cents).nullable().optional(),
    ceilingPerDayCents: centsField(priceRulesMessages.cents).nullable().optional(),
    // Stored and checked now; the Saver fare is built on them elsewhere.
    saverPercentOff: z.number(priceRulesMessages.saverPercent).int(priceRulesMessages.saverPercent).min(0, priceRulesMessages.saverPercent).max(100, priceRulesMessages.saverPercent).nullable().optional(),
    saverChangeFeeCents: centsField(priceRulesMessages.saverFee).nullable().optional(),
  })
  .superRefine((set, ctx) => {
    const { floorPerDayCents: floor, ceilingPerDayCents: ceiling } = set;
    if (floor != null && ceiling != null && floor > ceiling) ctx.addIssue({ code: 'custom', message: priceRulesMessages.floorAboveCeiling, path: ['floorPerDayCents'] });
    const dated = set.rules.map((r, i) => ({ r, i })).filter((x): x is { r: Extract<PriceRule, { kind: 'dates' }>; i: number } => x.r.kind === 'dates');
    for (const a of dated) {
      const clash = dated.find((b) => b.i < a.i && b.r.from <= a.r.to && a.r.from <= b.r.to);
      if (clash) ctx.addIssue({ code: 'custom', message: priceRulesMessages.datesOverlap, path: ['rules', a.i, 'from'] });
    }
  });
export type PriceRuleSet = z.infer<typeof priceRuleSetSchema>;
