/**
 * Reads a POST /api/checkout body: JSON, then the shared schema. Every problem becomes a 400 whose
 * message is the first field's message (what the payment page shows) and whose fieldErrors are keyed
 * by path (`customer.email`, `quote.dropOffTime`).
 */
import { checkoutRequestSchema, paymentMessages, type CheckoutRequest } from '../../shared/booking';
import { messages } from '../../shared/messages';
import { badRequest } from '../domain/errors';

export function parseCheckoutRequest(rawBody: string): CheckoutRequest {
  let json: unknown;
  try {
    json = rawBody === '' ? undefined : JSON.parse(rawBody);
  } catch {
    throw badRequest(messages.malformedJson);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw badRequest(messages.malformedJson);
  const parsed = checkoutRequestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fieldErrors[[...issue.path, k].join('.')] ??= `Unknown field '${k}'`;
      continue;
    }
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === 1 ? missingPart(key) : issue.message;
  }
  const first = Object.values(fieldErrors)[0] ?? messages.invalidRequest;
  delete fieldErrors._;
  throw badRequest(first, Object.keys(fieldErrors).length ? fieldErrors : undefined);
}

/** A whole missing section: the quote means the visitor has no quote, the rest is an incomplete form. */
function missingPart(key: string): string {
  if (key === 'quote') return 'Please get a quote first to proceed with booking.';
  if (key === 'paymentType') return paymentMessages.choosePaymentType;
  return paymentMessages.required;
}
