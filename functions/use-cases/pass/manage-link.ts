/**
 * Manage my booking without an account. Reference + e-mail ask for a one-time link: when they
 * match a paid booking, a random secret is stored only as its SHA-256 with a 30-minute expiry and e-mailed to the
 * booking's address; the caller is told the same sentence either way. Opening the link spends it and answers the
 * booking's pass token, so the page goes on to the pass.
 *
 * Timing: both outcomes make the same reads (the reference guard, then a booking: the real one or an id that
 * names none), and the answer waits until a floor has passed, so the e-mail's extra work does not tell either.
 *
 * Budgets (limits/pass-budgets.ts): the client address's alone can refuse, before the lookup; a wrong e-mail is
 * counted apart from a match, so strangers' guesses never lock the owner out, and the links sent for one reference
 * have a budget of their own. Neither changes the answer.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { MANAGE_LINK_MINUTES, manageBookingMessages, type ManageLinkRequest } from '../../../shared/manage-booking';
import { isListed } from '../../../shared/records';
import { site } from '../../../shared/site';
import { escapeHtml } from '../../../shared/html';
import { sendEmail, type OutgoingEmail } from '../../lib/email';
import { notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { siteUrl } from '../../lib/site-url';
import { getBooking } from '../../store/bookings';
import { bookingIdOfReference, saveManageLink, useManageLink } from '../../store/manage-links';
import { countWrongManageLink, maySendManageLink, spendManageLinkRequest } from '../limits/pass-budgets';
import { passLinkFor, type PassLink } from '../booking/pass-link';
import * as clock from '../../lib/clock';

/** Longer than the slowest matching request normally takes (two reads, a write and an e-mail). */
export const MANAGE_LINK_ANSWER_FLOOR_MS = 400;

/**
 * Compared in constant time (over SHA-256 digests, so the lengths match too): how long the comparison takes says
 * nothing about how much of a guessed e-mail was right.
 */
const sameEmail = (stored: string, typed: string): boolean => {
  const digest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(stored), digest(typed));
};

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Where the e-mailed link opens: the secret after `#`, so it never reaches a server log or a Referer. */
export const manageLinkUrl = (secret: string) => `${siteUrl()}/manage-booking/open#${secret}`;

export function manageLinkEmail(to: string, reference: string, url: string): OutgoingEmail {
  const intro = `Someone (we hope you) asked for a link to manage booking ${reference} on the ${site.brand} website.`;
  const what = `The link opens your booking pass: the QR code for the yard, directions, the receipt, paying the balance and cancelling by the terms. It works once, for ${MANAGE_LINK_MINUTES} minutes.`;
  const ignore = `If you did not ask for it, ignore this e-mail: nothing changes and nobody can use it without this e-mail. Questions? Call ${site.phone}.`;
  return {
    to: [to],
    subject: `Your link to manage booking ${reference} | ${site.brand}`,
    text: [intro, '', what, '', url, '', ignore].join('\n'),
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a2433;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(url)}">Manage booking ${escapeHtml(reference)}</a></p>
<p>${escapeHtml(ignore)}</p>
</body></html>`,
    replyTo: [site.email],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A failure is logged, not answered: a 5xx only when the booking exists would say that it does. */
async function sendManageLink(bookingId: string, email: string, reference: string, now: Date): Promise<void> {
  try {
    const secret = randomBytes(32).toString('base64url');
    await saveManageLink(hashOf(secret), bookingId, new Date(now.getTime() + MANAGE_LINK_MINUTES * 60_000), now);
    await sendEmail(manageLinkEmail(email, reference, manageLinkUrl(secret)));
    logger.info('Manage link sent', { bookingId });
  } catch (error) {
    logger.error('Manage link not sent', { bookingId, error: error instanceof Error ? error.message : String(error) });
  }
}

export async function requestManageLink(req: ManageLinkRequest, clientAddress: string, now = clock.now()): Promise<string> {
  // A duration (the answer's floor), so on the monotonic clock: the local clock may move meanwhile.
  const started = performance.now();
  await spendManageLinkRequest({ clientAddress }, now);
  try {
    const bookingId = await bookingIdOfReference(req.reference);
    // An id that names no booking when the reference is unknown, so the two cases read the same.
    const booking = await getBooking(bookingId ?? randomUUID(), true);
    const matches = !!booking && isListed(booking) && sameEmail(booking.customer.email, req.email);
    // What follows differs between a match and a miss: a failure in it is logged, not answered, as a 5xx on one
    // path only would tell the two apart.
    try {
      if (!matches) await countWrongManageLink({ clientAddress, email: req.email, reference: req.reference }, now);
      else if (await maySendManageLink({ clientAddress, reference: req.reference }, now)) await sendManageLink(booking.id, booking.customer.email, req.reference, now);
    } catch (error) {
      logger.error('Manage link request not completed', { error: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    const left = MANAGE_LINK_ANSWER_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
  return manageBookingMessages.sent;
}

export async function openManageLink(secret: string, now = clock.now()): Promise<PassLink> {
  const bookingId = await useManageLink(hashOf(secret), now);
  const booking = bookingId ? await getBooking(bookingId, true) : null;
  if (!booking || !isListed(booking)) throw notFound(manageBookingMessages.linkUsed);
  return passLinkFor(booking.id);
}
