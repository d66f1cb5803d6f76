/**
 * Manage my booking without an account: reference and e-mail ask for a one-time link by e-mail.
 * The answer is the same whether or not they match a booking, so the form tells nobody whether a booking exists.
 */
import * as z from 'zod';
import { REFERENCE_PATTERN } from './booking';

/** How long a link works, and that it works once (docs/pass.md). */
export const MANAGE_LINK_MINUTES = 30;

export const manageBookingMessages = {
  /** The one answer to every well-formed request. */
  sent: `If the reference and e-mail match a booking, we have e-mailed a link to it. The link works once, for ${MANAGE_LINK_MINUTES} minutes.`,
  invalidReference: 'Enter the booking reference from your confirmation, like RP-ABC234',
  invalidEmail: 'Please enter a valid email address',
  linkUsed: 'This link has expired or has already been used. Ask for a new one below.',
  failed: 'Could not send the link. Please try again.',
} as const;

/** RP-ABC234 however it is typed: spaces dropped, upper-cased, the RP- added when left out. */
export function normaliseReference(typed: string): string {
  const bare = typed.replace(/\s+/g, '').toUpperCase();
  return bare.startsWith('RP-') ? bare : bare.startsWith('RP') && bare.length === 8 ? `RP-${bare.slice(2)}` : `RP-${bare}`;
}

export const manageLinkRequestSchema = z.strictObject({
  reference: z
    .string(manageBookingMessages.invalidReference)
    .max(20, manageBookingMessages.invalidReference)
    .transform(normaliseReference)
    .pipe(z.string().regex(REFERENCE_PATTERN, manageBookingMessages.invalidReference)),
  email: z.string(manageBookingMessages.invalidEmail).trim().max(254, manageBookingMessages.invalidEmail).pipe(z.email(manageBookingMessages.invalidEmail)),
});
export type ManageLinkRequest = z.infer<typeof manageLinkRequestSchema>;

/** POST /api/manage-booking/open: the one-time link's secret, sent in the body so it stays out of access logs. */
export const manageLinkOpenSchema = z.strictObject({ token: z.string(manageBookingMessages.linkUsed).min(20, manageBookingMessages.linkUsed).max(100, manageBookingMessages.linkUsed) });

/** What opening a link answers: the pass to go to. */
export const manageLinkOpenedSchema = z.object({ pass_token: z.string(), pass_url: z.string() });
