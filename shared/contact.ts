/**
 * The contact form's rules and texts (docs/product-rules.md, Contact form), shared by the page, which checks them on
 * submit, and POST /api/contact, which checks them again. The upper limits are ours: they keep one
 * message a readable e-mail and one small table item.
 */
import * as z from 'zod';
import { site } from './site';
import { typedText } from './text';

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  phone: { min: 10, max: 30 },
  message: { min: 10, max: 5000 },
  honeypot: { max: 500 },
} as const;

export const contactTexts = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name.max} characters`,
  invalidName: 'Please enter a valid name',
  invalidMessage: 'Please remove control or invisible characters from the message',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message.max} characters`,
  successTitle: 'Message sent!',
  successDescription: "Thank you for your message. We'll get back to you soon.",
  failureTitle: 'Error',
  failureDescription: 'Failed to send message. Please try again.',
  /** The day's contact e-mails are used up (the cap that keeps receipts' sending budget safe). */
  busy: `We are receiving an unusual number of messages. Please call us on ${site.phone} or try again later.`,
} as const;

/** Digits with the usual separators: +64 21 123 4567, (09) 000-0000. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The visually hidden field people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = 'company';

export const contactMessageSchema = z.strictObject({
  name: typedText({ max: CONTACT_LIMITS.name.max, tooLong: contactTexts.nameTooLong, invalid: contactTexts.invalidName, required: contactTexts.nameTooShort }).min(
    CONTACT_LIMITS.name.min,
    contactTexts.nameTooShort,
  ),
  email: z.string().trim().max(CONTACT_LIMITS.email.max, contactTexts.invalidEmail).pipe(z.email(contactTexts.invalidEmail)),
  phone: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.phone.min, contactTexts.invalidPhone)
    .max(CONTACT_LIMITS.phone.max, contactTexts.invalidPhone)
    .regex(PHONE_CHARACTERS, contactTexts.invalidPhone),
  message: typedText({
    max: CONTACT_LIMITS.message.max,
    tooLong: contactTexts.messageTooLong,
    invalid: contactTexts.invalidMessage,
    required: contactTexts.messageTooShort,
    multiline: true,
  }).min(CONTACT_LIMITS.message.min, contactTexts.messageTooShort),
  [HONEYPOT_FIELD]: z.string().max(CONTACT_LIMITS.honeypot.max).optional(),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = 'name' | 'email' | 'phone' | 'message';
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * True when the hidden field carries anything, or is missing: the page always sends it (empty), so a post
 * without it was not made by the page. Either way the sender is treated as a bot. The schema keeps it optional
 * so the answer (a fake success) cannot teach a bot that the field exists.
 */
export const isBotSubmission = (message: Pick<ContactMessage, typeof HONEYPOT_FIELD>): boolean => {
  const trap = message[HONEYPOT_FIELD];
  return trap === undefined || trap.trim() !== '';
};

/** Validates a form the way the server will; on failure, one message per field (the first rule that fails). */
export function validateContact(input: ContactMessageInput): { ok: true; value: ContactMessage } | { ok: false; fieldErrors: ContactFieldErrors } {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'email' || field === 'phone' || field === 'message') fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

// Responses (read by the web app's API client).

/** POST /api/contact answers 202 with the thank-you text; a bot's message gets the same answer. */
export const contactAcceptedSchema = z.object({ message: z.string() });
export type ContactAccepted = z.infer<typeof contactAcceptedSchema>;
