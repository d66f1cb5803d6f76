/**
 * Hostile text in the fields people type: whatever comes in, what a schema accepts is stored
 * as NFC, trimmed, without control characters, direction overrides or lone surrogates, shows something, and fits
 * the field's limit as stored. The browser checks with these very schemas, so both sides agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminBookingEditSchema, adminCheckoutRequestSchema, adminCustomerEditSchema } from '../../shared/admin';
import { customerDetailsSchema, paymentMessages } from '../../shared/booking';
import { customerBookingEditSchema } from '../../shared/booking-edit';
import { adminCancellationSchema } from '../../shared/cancellation';
import { contactMessageSchema, contactTexts } from '../../shared/contact';
import { typedText } from '../../shared/text';
import { profileMessages, profileUpdateSchema } from '../../shared/profile';

const NUL = '\u0000';
const RLO = '\u202E'; // right-to-left override
const LONE_HIGH = '\uD83D'; // the first half of an emoji, alone
const ZWSP = '\u200B';

/** Characters no typed field may keep. */
const hostile = fc.constantFrom(NUL, '\u0007', '\u001B', '\u007F', '\u0085', '\r', '\n', '\u2028', '\u2029', RLO, '\u202A', '\u202D', '\u2066', '\u2067', '\u2069', '\u200E', '\u200F', '\u061C', LONE_HIGH, '\uDC00');
/** Characters that show nothing. */
const invisible = fc.constantFrom(' ', '\t', '\u00A0', ZWSP, '\u200C', '\u200D', '\u2060', '\uFEFF', '\u3000', '\u180E', '\u3164', '\u115F');
/** Anything at all, hostile parts included. */
const anyChar = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), hostile, invisible, fc.constantFrom('ß', 'ﬀ', 'e\u0301', 'İ', 'ŉ', 'a', 'Z', '7', "'", '-'));
const anyText = fc.array(anyChar, { maxLength: 70 }).map((parts) => parts.join(''));

const CONTROL_OR_BIDI = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What every stored single-line text keeps to. */
function expectStoredSafe(value: string, max: number): void {
  expect(value).toBe(value.normalize('NFC'));
  expect(value).toBe(value.trim());
  expect(value).not.toMatch(CONTROL_OR_BIDI);
  expect(value).not.toMatch(LONE_SURROGATE);
  expect(value.replace(/[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu, '')).not.toBe('');
  expect(value.length).toBeLessThanOrEqual(max);
}

const details = customerDetailsSchema.shape;

describe('names (checkout, profile, contact, staff)', () => {
  const fields = [
    ['checkout first name', details.firstName, 50],
    ['checkout last name', details.lastName, 50],
    ['contact name', contactMessageSchema.shape.name, 100],
    ['staff customer name', adminCustomerEditSchema.shape.name, 101],
    ['staff booking name', adminCheckoutRequestSchema.shape.name, 101],
  ] as const;

  it.each(fields)('%s: whatever is accepted is stored NFC, trimmed, clean, visible and within its limit', (_name, schema, max) => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = schema.safeParse(text);
        if (result.success) expectStoredSafe(result.data, max);
      }),
      { numRuns: 400 },
    );
  });

  it.each(fields)('%s: a control, direction or lone-surrogate character inside the name is refused', (_name, schema) => {
    fc.assert(
      // Inside: at either end, line breaks are white space and trimmed away.
      fc.property(fc.constantFrom('Aroha', 'Jane Walker', 'Ngā', 'محمد'), hostile, fc.nat(), (name, bad, at) => {
        const i = 1 + (at % (name.length - 1));
        expect(schema.safeParse(`${name.slice(0, i)}${bad}${name.slice(i)}`).success).toBe(false);
      }),
    );
  });

  it('the checkout says which field and why', () => {
    const valid = { firstName: 'Aroha', lastName: 'Ngata', email: 'a@b.nz', contactNumber: '021 123 4567', carRegistration: 'KTA123' };
    const refused = (patch: Record<string, string>) => customerDetailsSchema.safeParse({ ...valid, ...patch }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(refused({ firstName: `Ar${NUL}oha` })).toEqual([['firstName', 'Please enter a valid name']]);
    expect(refused({ lastName: `Ngata${RLO}gnp.exe` })).toEqual([['lastName', 'Please enter a valid name']]);
    expect(refused({ firstName: `A${LONE_HIGH}` })).toEqual([['firstName', 'Please enter a valid name']]);
    expect(refused({ firstName: 'Aroha\r\nBcc: x@y.nz' })).toEqual([['firstName', 'Please enter a valid name']]);
    expect(refused({ firstName: `${ZWSP}${ZWSP} \u2060` })).toEqual([['firstName', paymentMessages.required]]);
    expect(refused({ firstName: 'x'.repeat(51) })).toEqual([['firstName', 'Names can be at most 50 characters']]);
  });

  it('text that shows nothing is a missing name, whatever it is made of', () => {
    fc.assert(
      fc.property(fc.array(invisible, { minLength: 1, maxLength: 20 }), (parts) => {
        const text = parts.join('');
        expect(details.firstName.safeParse(text).error?.issues[0]?.message).toBe('Please complete all fields');
        expect(contactMessageSchema.shape.name.safeParse(text).error?.issues[0]?.message).toBe('Name must be at least 2 characters');
        expect(adminCustomerEditSchema.shape.name.safeParse(text).error?.issues[0]?.message).toBe('Please enter the customer name');
        // The profile's names may be left empty: what shows nothing is refused or stored as nothing.
        const profile = profileUpdateSchema.shape.first_name.safeParse(text);
        expect(profile.success ? profile.data : 'refused').toMatch(/^(|refused)$/);
      }),
    );
  });

  it('real names in any script are kept, composed (NFC) and trimmed', () => {
    expect(details.firstName.parse('  Zoe\u0301  ')).toBe('Zoé');
    expect(details.lastName.parse("O'Brien-Ngā")).toBe("O'Brien-Ngā");
    expect(details.firstName.parse('محمد')).toBe('محمد');
    expect(details.firstName.parse('王小明')).toBe('王小明');
    expect(profileUpdateSchema.shape.first_name.parse('Zoe\u0301')).toBe('Zoé');
    expect(profileUpdateSchema.shape.first_name.parse('')).toBe('');
    expect(profileUpdateSchema.shape.last_name.safeParse(`Smith${RLO}`).error?.issues[0]?.message).toBe(profileMessages.nameInvalid);
  });

  it('a name is measured as stored: 50 decomposed letters that compose to 50 fit, 51 do not', () => {
    expect(details.firstName.parse('e\u0301'.repeat(50))).toBe('é'.repeat(50));
    expect(details.firstName.safeParse('e\u0301'.repeat(51)).success).toBe(false);
  });
});

describe('car registration', () => {
  it("is measured after upper-casing: 'ßßßßßßßßßß' (10) would be stored as 20 letters and is refused", () => {
    expect(details.carRegistration.safeParse('ßßßßßßßßßß').error?.issues[0]?.message).toBe('Please enter a valid car registration');
    expect(details.carRegistration.parse('ßßßßß')).toBe('SSSSSSSSSS');
    expect(details.carRegistration.parse(' kta123 ')).toBe('KTA123');
  });

  it('whatever is accepted is at most 10 capitals, digits and spaces', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = details.carRegistration.safeParse(text);
        if (result.success) {
          expect(result.data.length).toBeLessThanOrEqual(10);
          expect(result.data).toMatch(/^[A-Z0-9 ]+$/);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('multi-line text (contact message, address)', () => {
  const message = contactMessageSchema.shape.message;
  const address = profileUpdateSchema.shape.address;

  it('keeps line breaks and tabs (as LF), refuses other controls, overrides and lone surrogates', () => {
    expect(message.parse('Hello there,\r\nthree weeks?\r\n\tThanks')).toBe('Hello there,\nthree weeks?\n\tThanks');
    expect(address.parse('1 Queen St\nAuckland')).toBe('1 Queen St\nAuckland');
    for (const bad of [NUL, '\u001B[31m', RLO, LONE_HIGH, '\u0085']) {
      expect(message.safeParse(`Hello there ${bad} friends`).error?.issues[0]?.message, JSON.stringify(bad)).toBe(contactTexts.invalidMessage);
      expect(address.safeParse(`1 Queen St ${bad}`).error?.issues[0]?.message, JSON.stringify(bad)).toBe(profileMessages.addressInvalid);
    }
    expect(message.safeParse(`${ZWSP}\n\n${ZWSP}          `).error?.issues[0]?.message).toBe(contactTexts.messageTooShort);
    expect(address.safeParse(ZWSP).error?.issues[0]?.message).toBe(profileMessages.addressInvalid);
  });

  it('whatever is accepted is NFC, trimmed, within its limit and holds no control but LF and tab', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const [schema, max] of [
          [message, 5000],
          [address, 300],
        ] as const) {
          const result = schema.safeParse(text);
          if (!result.success) continue;
          expect(result.data).toBe(result.data.normalize('NFC'));
          expect(result.data).toBe(result.data.trim());
          expect(result.data).not.toMatch(/(?![\t\n])\p{Cc}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
          expect(result.data).not.toMatch(LONE_SURROGATE);
          expect(result.data.length).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('the version an edit names', () => {
  it('is never empty: "" would skip the stale-edit check', () => {
    expect(customerBookingEditSchema.safeParse({ version: '' }).success).toBe(false);
    expect(adminBookingEditSchema.safeParse({ version: '' }).success).toBe(false);
    expect(adminCustomerEditSchema.safeParse({ name: 'Aroha Ngata', email: 'a@b.nz', contact_number: '021 123 4567', version: '' }).success).toBe(false);
    expect(adminCancellationSchema.safeParse({ refund: 0, version: '' }).success).toBe(false);
    expect(customerBookingEditSchema.safeParse({ version: '2031-01-01T00:00:00.000Z' }).success).toBe(true);
    expect(adminCancellationSchema.safeParse({ refund: 0 }).success).toBe(true);
  });
});

describe('line ends in multi-line text', () => {
  it('reads a lone CR (an old Mac line end) as a line break, like CR LF', () => {
    const address = typedText({ max: 300, tooLong: 'too long', invalid: 'invalid', multiline: true });
    expect(address.parse('1 Queen St\rAuckland')).toBe('1 Queen St\nAuckland');
    expect(address.parse('a\r\n\rb')).toBe('a\n\nb');
  });
});
