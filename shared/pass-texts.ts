/**
 * The booking pass's texts and statuses (shared/pass.ts has the schema): plain data without zod, so the pass page's
 * first load can show them before any schema code has loaded (issue 23, docs/pass.md "Speed").
 */
export const passMessages = {
  /** A token that does not verify and a booking that does not exist get the same words (never say which). */
  notFound: 'This booking pass was not found. Check the link, or ask for a new one from Manage my booking.',
  loadFailed: 'Could not load your booking pass. Please try again.',
  resent: 'We have sent the confirmation again to the e-mail address on the booking.',
  resendCancelled: 'There is no confirmation to send: this booking is cancelled or its payment is still being checked.',
  resendFailed: 'Could not send the confirmation. Please try again.',
} as const;

export const passStatuses = ['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled'] as const;
export type PassStatus = (typeof passStatuses)[number];

/** The traveller's words for each status (not the staff's). */
export const passStatusLabels: Record<PassStatus, string> = {
  reservation: 'Booked',
  checkin: 'Your car is with us',
  checkout: 'Collected',
  payment_review: 'Payment being checked',
  cancelled: 'Cancelled',
};
