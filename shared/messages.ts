/** The product's general texts, verbatim, so UI and API say the same thing (docs/product-rules.md). */
export const messages = {
  leadTime: 'Drop-off time must be at least 4 hours from current NZ time',
  leadTimeToastTitle: 'Invalid Drop-off Time',
  leadTimeToast: 'Drop-off time must be at least 4 hours from now (NZ time)',
  pickUpAfterDropOff: 'Pick-up date and time must be after drop-off date and time',
  invalidDateTime: 'Invalid date or time format',
  stayTooLong: 'Bookings can be at most 365 days long. Please call us for a longer stay.',
  timeNotOnGrid: 'Times must be on the half hour (00:00 to 23:30)',
  timeDoesNotExist: 'That time does not exist in New Zealand because of the daylight saving change',
  inclusiveOfGst: 'Inclusive of GST',
  notFound: 'Oops! Page not found.',
  invalidRequest: 'Please check the highlighted fields',
  malformedJson: 'The request body is not valid JSON',
  malformedPath: 'The request path is not valid',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'The request body must be sent as JSON (Content-Type: application/json)',
  unexpected: 'Something went wrong on our side. Please try again.',
  unauthorized: 'Unauthorized',
  forbidden: "You don't have admin privileges to access this page",
  routeNotFound: 'Not found',
  notThroughSite: 'Forbidden: the API answers only through the site',
} as const;

/** A request budget is spent (429): when to try again, in whole minutes (the page shows it as is). */
/**
 * Cognito refuses to send an account e-mail (confirmation, reset) past its budget (functions/auth/custom-message.ts);
 * the account pages show this sentence, which reaches them inside Cognito's UserLambdaValidationException.
 */
export const accountEmailsPaused = 'We have sent several emails to this address recently. Please wait an hour, then try again.';

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
