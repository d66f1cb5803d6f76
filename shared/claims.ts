/**
 * Damage claims (docs/yard.md, Damage claims): for 48 hours after the car is collected the traveller may report damage
 * from the pass or the dashboard (a panel of the handover's car outline, a description, their photos); staff decide,
 * accepted or declined with a reason the traveller reads. Pure zod and rules, shared by the pages and the API; the
 * wire is snake_case like the rest of the API.
 */
import * as z from 'zod';
import { PANEL_NAMES, PANELS, type Panel } from './condition';
import { editVersion, typedText } from './text';
import { site } from './site';
import { nzInstant } from './nz-time';

/** How long after collection a claim is taken online; later, the traveller contacts us. */
export const CLAIM_WINDOW_HOURS = 48;
/**
 * Claims a booking may hold. A claim is never edited, so a second one is how a traveller adds what they found later
 * (a chip seen the next morning); a few are enough for that, and the bound keeps a pass link from filling the table.
 */
export const MAX_CLAIMS_PER_BOOKING = 5;
export const MAX_CLAIM_PHOTOS = 6;
export const CLAIM_DESCRIPTION_MAX = 1000;
export const DECISION_REASON_MAX = 500;

export const CLAIM_OUTCOMES = ['accepted', 'declined'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];
export type ClaimStatus = 'open' | ClaimOutcome;
export const claimStatusLabels: Record<ClaimStatus, string> = { open: 'Being reviewed', accepted: 'Accepted', declined: 'Declined' };

export const claimMessages = {
  panelInvalid: 'Choose where the damage is on the car outline',
  descriptionNeeded: 'Describe the damage',
  descriptionInvalid: `A description is up to ${CLAIM_DESCRIPTION_MAX} letters, digits and punctuation`,
  photoInvalid: 'Choose a photo uploaded for this booking',
  tooManyPhotos: `Add at most ${MAX_CLAIM_PHOTOS} photos to a claim`,
  submissionInvalid: 'Reload the page and try again',
  /** A photo id that is not a checked photo of this booking (another booking's, an upload refused or never completed). */
  notThisBookingsPhoto: "This photo is not one of this booking's photos. Upload it again.",
  notCollected: 'You can report damage here once you have collected your car. Until then, tell the yard team when you collect it.',
  windowClosed: `Damage can be reported online for ${CLAIM_WINDOW_HOURS} hours after you collect your car, and that time has passed. Please contact us: call ${site.phone} or e-mail ${site.email}.`,
  cancelled: 'This booking was cancelled, so there is nothing to report damage on.',
  tooManyClaims: `This booking already has ${MAX_CLAIMS_PER_BOOKING} damage reports, the most one booking can hold. Please contact us: call ${site.phone} or e-mail ${site.email}.`,
  outcomeInvalid: 'Choose accepted or declined',
  reasonNeeded: 'Give the reason the traveller will read',
  reasonInvalid: `A reason is up to ${DECISION_REASON_MAX} letters, digits and punctuation`,
  versionNeeded: 'Reload the booking and try again',
  claimNotFound: 'Claim not found',
  alreadyDecided: 'This claim was already decided by someone else. Reload the booking to see the decision.',
  submitted: 'Thank you: we have your report and will reply by e-mail.',
} as const;

const uuid = (message: string) => z.string(message).regex(/^[0-9a-f-]{36}$/i, message).transform((v) => v.toLowerCase());

/** POST /api/pass/{token}/claims and /api/me/bookings/{id}/claims. */
export const claimRequestSchema = z.strictObject({
  /**
   * Made once by the form when it opens: the claim's id. A second press, or a retry after a lost answer, sends the
   * same id and gets the same claim back, so a double-submit makes one claim.
   */
  submission_id: uuid(claimMessages.submissionInvalid),
  panel: z.enum(PANEL_NAMES, claimMessages.panelInvalid),
  description: typedText({ max: CLAIM_DESCRIPTION_MAX, multiline: true, tooLong: claimMessages.descriptionInvalid, invalid: claimMessages.descriptionInvalid, required: claimMessages.descriptionNeeded }),
  photo_ids: z.array(uuid(claimMessages.photoInvalid), claimMessages.photoInvalid).max(MAX_CLAIM_PHOTOS, claimMessages.tooManyPhotos).default([]),
});
export type ClaimRequest = z.infer<typeof claimRequestSchema>;
export type ClaimRequestInput = z.input<typeof claimRequestSchema>;

/** POST /api/admin/bookings/{id}/claims/{claimId}/decision. */
export const claimDecisionSchema = z.strictObject({
  outcome: z.enum(CLAIM_OUTCOMES, claimMessages.outcomeInvalid),
  reason: typedText({ max: DECISION_REASON_MAX, multiline: true, tooLong: claimMessages.reasonInvalid, invalid: claimMessages.reasonInvalid, required: claimMessages.reasonNeeded }),
  /** The claim's `version` as the screen read it: two people deciding at once, one wins and the other is told. */
  version: editVersion(claimMessages.versionNeeded),
});
export type ClaimDecisionRequest = z.infer<typeof claimDecisionSchema>;

const decisionSchema = z.object({ outcome: z.enum(CLAIM_OUTCOMES), reason: z.string(), decided_at: z.string() });

const claimPhotoSchema = z.object({ id: z.string(), url: z.string().nullable() });

/** A claim as the traveller reads it: what they reported and the decision, never who decided. */
export const travellerClaimSchema = z.object({
  id: z.string(),
  panel: z.enum(PANEL_NAMES),
  panel_label: z.string(),
  description: z.string(),
  photos: z.array(claimPhotoSchema),
  submitted_at: z.string(),
  status: z.enum(['open', ...CLAIM_OUTCOMES]),
  decision: decisionSchema.nullable(),
});
export type TravellerClaim = z.infer<typeof travellerClaimSchema>;

/** Staff also see who reported it and who decided, and the version a decision is made on. */
export const staffClaimSchema = travellerClaimSchema.extend({
  submitted_by: z.string(),
  decision: decisionSchema.extend({ decided_by: z.string() }).nullable(),
  version: z.string(),
});
export type StaffClaim = z.infer<typeof staffClaimSchema>;

export const claimWindowSchema = z.object({
  /** `before`: not collected yet; `open`: claims taken until `closes_at`; `closed`: past it, or the booking was cancelled. */
  state: z.enum(['before', 'open', 'closed']),
  closes_at: z.string().nullable(),
  /** What the page says when claims are not taken online (with the contact details), else null. */
  message: z.string().nullable(),
});
export type ClaimWindowView = z.infer<typeof claimWindowSchema>;

/** GET /api/pass/{token}/claims and /api/me/bookings/{id}/claims. */
export const travellerClaimsSchema = z.object({ claims: z.array(travellerClaimSchema), window: claimWindowSchema, max_claims: z.number().int() });
export type TravellerClaims = z.infer<typeof travellerClaimsSchema>;

export const panelLabel = (panel: Panel): string => PANELS[panel];

interface CollectedBooking {
  status: string;
  /** When the yard checked the car out; absent on bookings checked out before it was kept. */
  checkedOutAt?: string;
  pickUpDate: string;
  pickUpTime: string;
}

/** When the car was collected: the check-out's time, or (checked out before that was kept) the booked pick-up. */
export function collectedAt(b: CollectedBooking): Date | null {
  if (b.checkedOutAt) return new Date(b.checkedOutAt);
  return nzInstant({ date: b.pickUpDate, time: b.pickUpTime });
}

/** Whether claims are taken now, and until when. */
export function claimWindow(b: CollectedBooking, now: Date): ClaimWindowView {
  if (b.status === 'cancelled') return { state: 'closed', closes_at: null, message: claimMessages.cancelled };
  if (b.status !== 'checkout') return { state: 'before', closes_at: null, message: claimMessages.notCollected };
  const from = collectedAt(b);
  const closes = from ? new Date(from.getTime() + CLAIM_WINDOW_HOURS * 3_600_000) : null;
  if (!closes || now.getTime() >= closes.getTime()) return { state: 'closed', closes_at: closes?.toISOString() ?? null, message: claimMessages.windowClosed };
  return { state: 'open', closes_at: closes.toISOString(), message: null };
}
