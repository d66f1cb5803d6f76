/**
 * The booking pass's texts and statuses (shared/pass.ts has the schema): plain data without zod, so the pass page's
 * first load can show them before any schema code has loaded (docs/pass.md "Speed").
 */
export const passMessages = {
  /** A token that does not verify and a booking that does not exist get the same words (never say which). */
  notFound: 'This booking pass was not found. Check the link, or ask for a new one from Manage my booking.',
  loadFailed: 'Could not load your booking pass. Please try again.',
  resent: 'We have sent the confirmation again to the e-mail address on the booking.',
  resendCancelled: 'There is no confirmation to send: this booking is cancelled or its payment is still being checked.',
  resendFailed: 'Could not send the confirmation. Please try again.',
  /** The pass's GET of an invoice that names the buyer (over $1,000): the link is forwarded, so it is e-mailed instead. */
  invoiceByEmail: "This tax invoice names the buyer, so it is not downloaded from the pass: press E-mail invoice and we send it to the e-mail address on the booking.",
  invoiceEmailed: 'We have e-mailed the tax invoice to the e-mail address on the booking.',
  invoiceEmailFailed: 'Could not send the invoice. Please try again.',
  /** Under the E-mail invoice button. */
  invoiceByEmailHint: 'Over $1,000 a tax invoice names the buyer, so we e-mail it to the address on the booking.',
} as const;

/** How the pass offers the tax invoice: a download, or (when it names the buyer) an e-mail to the booking's address. */
export const passInvoiceWays = ['download', 'email'] as const;
export type PassInvoiceWay = (typeof passInvoiceWays)[number];

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
