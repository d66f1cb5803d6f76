/** The e-mail that tells the traveller what was decided on their damage report, with the reason, to the booking's own address. */
import { claimStatusLabels, panelLabel } from '../../../shared/claims';
import { escapeHtml } from '../../../shared/html';
import type { Booking } from '../../../shared/records';
import { site } from '../../../shared/site';
import type { OutgoingEmail } from '../../lib/email';
import type { ClaimRecord } from '../../store/claims';

export function decisionEmail(b: Booking, claim: ClaimRecord, passUrl: string): OutgoingEmail {
  const reference = b.bookingReference ?? '';
  const decision = claim.decision!;
  const outcome = claimStatusLabels[decision.outcome].toLowerCase();
  const lines = [
    `Kia ora ${b.customer.name},`,
    `We have looked at the damage you reported for booking ${reference} (${panelLabel(claim.panel)}): your report is ${outcome}.`,
    decision.reason,
    `You can read this on your booking pass: ${passUrl}`,
    `Questions? Call ${site.phone} or reply to this e-mail.`,
  ];
  return {
    to: [b.customer.email],
    subject: `Your damage report for booking ${reference}: ${outcome} | ${site.brand}`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a2433;line-height:1.5">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
    replyTo: [site.email],
  };
}
