import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema, contactTexts, isBotSubmission, validateContact } from '../../shared/contact';

const valid = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', phone: '021 123 4567', message: 'Can I leave my car for three weeks?' };

describe('contact form rules (spec section 5)', () => {
  it('accepts a complete message and trims what people type', () => {
    const result = validateContact({ name: '  Aroha Ngata ', email: ' aroha@example.co.nz ', phone: ' 021 123 4567 ', message: ' Can I leave my car for three weeks? ' });
    expect(result).toEqual({ ok: true, value: valid });
  });

  it('gives the four spec messages, one under each field', () => {
    const result = validateContact({ name: 'A', email: 'not-an-email', phone: '12345', message: 'Too short' });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        message: 'Message must be at least 10 characters',
      },
    });
  });

  it('gives the same messages for an empty form', () => {
    const result = validateContact({ name: '', email: '', phone: '', message: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors).toEqual({
        name: contactTexts.nameTooShort,
        email: contactTexts.invalidEmail,
        phone: contactTexts.invalidPhone,
        message: contactTexts.messageTooShort,
      });
    }
  });

  it.each([
    ['name', 2, true],
    ['name', 1, false],
    ['phone', 10, true],
    ['phone', 9, false],
    ['message', 10, true],
    ['message', 9, false],
  ] as const)('%s of %i characters is %s', (field, length, ok) => {
    const value = field === 'phone' ? '0'.repeat(length) : 'x'.repeat(length);
    expect(validateContact({ ...valid, [field]: value }).ok).toBe(ok);
  });

  it('does not count surrounding spaces towards the minimums', () => {
    const result = validateContact({ ...valid, name: ' A ', message: '   123456789   ' });
    expect(result.ok ? {} : result.fieldErrors).toEqual({ name: contactTexts.nameTooShort, message: contactTexts.messageTooShort });
  });

  it('refuses letters in a phone number', () => {
    expect(validateContact({ ...valid, phone: 'call me maybe' })).toEqual({ ok: false, fieldErrors: { phone: contactTexts.invalidPhone } });
  });

  it.each(['+64 21 123 4567', '(09) 000-0000', '0211234567', '+6490000000'])('accepts the phone number %s', (phone) => {
    expect(validateContact({ ...valid, phone }).ok).toBe(true);
  });

  it('caps every field so one message stays a readable e-mail', () => {
    // docs/content.md: name at most 100 characters, e-mail 254, phone 30, message 5000.
    const tooLong = {
      name: 'n'.repeat(100 + 1),
      email: `${'e'.repeat(254)}@example.com`,
      phone: '1'.repeat(30 + 1),
      message: 'm'.repeat(5000 + 1),
    };
    expect(validateContact(tooLong)).toEqual({
      ok: false,
      fieldErrors: { name: contactTexts.nameTooLong, email: contactTexts.invalidEmail, phone: contactTexts.invalidPhone, message: contactTexts.messageTooLong },
    });
    const atLimit = { name: 'n'.repeat(100), email: valid.email, phone: '1'.repeat(30), message: 'm'.repeat(5000) };
    expect(validateContact(atLimit).ok).toBe(true);
  });

  it('refuses fields it does not know (the server takes nothing else from the browser)', () => {
    expect(contactMessageSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });

  it('treats any text in the honeypot field, or no field at all, as a bot, and an empty one as a person', () => {
    const parsed = (company?: string) => contactMessageSchema.parse({ ...valid, ...(company === undefined ? {} : { company }) });
    // The page always sends the field; the probe found that leaving it out walked past the trap.
    expect(isBotSubmission(parsed())).toBe(true);
    expect(isBotSubmission(parsed(''))).toBe(false);
    expect(isBotSubmission(parsed('   '))).toBe(false);
    expect(isBotSubmission(parsed('Acme Ltd'))).toBe(true);
  });

  it('accepts any message whose fields meet the minimums and maximums', () => {
    const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= min);
    fc.assert(
      fc.property(text(2, 100), fc.stringMatching(/^[0-9 ]{10,30}$/).filter((s) => s.trim().length >= 10), text(10, 500), (name, phone, message) => {
        expect(validateContact({ name, email: valid.email, phone, message }).ok).toBe(true);
      }),
    );
  });
});

describe('field errors of a form the page did not make', () => {
  it('name only the four fields, never a field the form does not have', () => {
    const result = validateContact({ name: '', email: 'nope', phone: '', message: '', company: '', extra: 'x' } as never);
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : Object.keys(result.fieldErrors);
    expect(fields).toContain('email');
    expect(fields.filter((k) => !['name', 'email', 'phone', 'message'].includes(k))).toEqual([]);
  });
});
