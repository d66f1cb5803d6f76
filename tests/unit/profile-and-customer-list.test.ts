/**
 * The Profile panel's rules (shared/profile.ts), which the API enforces too, and the admin customer list's query
 * and its 'Showing ...' line (shared/admin-customers.ts). Messages are the ones the panels show.
 */
import { describe, expect, it } from 'vitest';
import { customerListMessages, customerListQuerySchema, customersShowingLine, CUSTOMER_MATCH_LIMIT } from '../../shared/admin-customers';
import { profileMessages, profilePhone, profileResponseSchema, profileUpdateSchema, splitName } from '../../shared/profile';
import { firstMessage } from '../support/first-message';

const profile = { first_name: 'Ana', last_name: 'Smith', phone: '021 555 0100', address: '1 Queen St\nAuckland' };

describe('the profile', () => {
  it('takes names in any script with the marks real names use, and leaves them empty if wanted', () => {
    for (const n of ['Ana', "O'Brien", 'Jean-Luc', 'Zoë', 'Mäori Ngā', 'J. R.', 'D’Arcy', '李', '']) {
      expect(profileUpdateSchema.safeParse({ ...profile, first_name: n }).success, n).toBe(true);
    }
  });

  it('refuses a name that starts with something other than a letter, or holds digits or symbols', () => {
    for (const n of ['-Ana', "'Ana", '.Ana', 'Ana2', 'Ana!', 'Ana_Smith', ' 3']) {
      expect(firstMessage(profileUpdateSchema.safeParse({ ...profile, last_name: n })), n).toBe(profileMessages.nameInvalid);
    }
  });

  it('holds names to 50 characters', () => {
    expect(profileUpdateSchema.safeParse({ ...profile, first_name: 'a'.repeat(50) }).success).toBe(true);
    expect(firstMessage(profileUpdateSchema.safeParse({ ...profile, first_name: 'a'.repeat(51) }))).toBe(profileMessages.nameTooLong);
  });

  it('takes a phone number of digits, spaces, +, brackets and dashes with 7 digits or more, or none', () => {
    for (const p of ['0215550100', '+64 21 555 0100', '(09) 555-0100', '1234567', '']) expect(profilePhone.safeParse(p).success, p).toBe(true);
    for (const p of ['123456', '+64 (9) 55', '021 555 O100', 'call me', '021.555.0100']) {
      expect(firstMessage(profilePhone.safeParse(p)), p).toBe(profileMessages.phoneInvalid);
    }
    expect(firstMessage(profilePhone.safeParse('1'.repeat(21)))).toBe(profileMessages.phoneInvalid);
    expect(profilePhone.safeParse('1'.repeat(20)).success).toBe(true);
  });

  it('keeps an address over several lines up to 300 characters', () => {
    expect(profileUpdateSchema.parse({ ...profile, address: ' 1 Queen St\r\nAuckland ' }).address).toBe('1 Queen St\nAuckland');
    expect(profileUpdateSchema.safeParse({ ...profile, address: 'x'.repeat(300) }).success).toBe(true);
    expect(firstMessage(profileUpdateSchema.safeParse({ ...profile, address: 'x'.repeat(301) }))).toBe(profileMessages.addressTooLong);
    expect(firstMessage(profileUpdateSchema.safeParse({ ...profile, address: 'a\u0000b' }))).toBe(profileMessages.addressInvalid);
  });

  it('needs every field and nothing else', () => {
    const { phone: _phone, ...noPhone } = profile;
    expect(profileUpdateSchema.safeParse(noPhone).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...profile, email: 'a@b.nz' }).success).toBe(false);
  });

  it('splits a full name at its first word', () => {
    expect(splitName('Ana Maria Smith')).toEqual({ first: 'Ana', last: 'Maria Smith' });
    expect(splitName('  Ana   Maria\tSmith  ')).toEqual({ first: 'Ana', last: 'Maria Smith' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitName('   ')).toEqual({ first: '', last: '' });
  });

  it('reads a greeting name or none', () => {
    const p = { id: 'p1', user_id: 'u1', ...profile };
    expect(profileResponseSchema.safeParse({ profile: p, populated: false, greeting_name: null }).success).toBe(true);
    expect(profileResponseSchema.safeParse({ profile: p, populated: 'no', greeting_name: 'Ana' }).success).toBe(false);
  });
});

describe("the admin's customer list", () => {
  it("says what is shown, with the count only when a search knows it", () => {
    expect(customersShowingLine(1, 25, null)).toBe('Showing 1 to 25 customers');
    expect(customersShowingLine(26, 25, null)).toBe('Showing 26 to 50 customers');
    expect(customersShowingLine(26, 3, 28)).toBe('Showing 26 to 28 of 28 customers');
    expect(customersShowingLine(1, 0, 0)).toBe('Showing 0 to 0 of 0 customers');
    expect(customersShowingLine(1, 0, null)).toBe('Showing 0 to 0 customers');
    expect(customersShowingLine(1, 1, 1)).toBe('Showing 1 to 1 of 1 customers');
  });

  it('asks for more of the name past 200 matches', () => {
    expect(CUSTOMER_MATCH_LIMIT).toBe(200);
    expect(customerListMessages.searchTruncated).toBe('More than 200 customers match. Add more of the name, e-mail or phone to narrow the search.');
  });

  it('pages 25 at a time unless asked for 1 to 100', () => {
    expect(customerListQuerySchema.parse({}).pageSize).toBe(25);
    expect(customerListQuerySchema.parse({ pageSize: '1' }).pageSize).toBe(1);
    expect(customerListQuerySchema.parse({ pageSize: '100' }).pageSize).toBe(100);
    for (const size of ['0', '101', '1000', '5.5', '-1', 'ten', '']) {
      expect(firstMessage(customerListQuerySchema.safeParse({ pageSize: size })), size).toBe('Page size must be between 1 and 100');
    }
  });

  it('takes a search of up to 100 characters, trimmed, and a cursor only as the list gave it', () => {
    expect(customerListQuerySchema.parse({ q: '  smith ' }).q).toBe('smith');
    expect(customerListQuerySchema.safeParse({ q: 'x'.repeat(100) }).success).toBe(true);
    expect(firstMessage(customerListQuerySchema.safeParse({ q: 'x'.repeat(101) }))).toBe('Search text can be at most 100 characters');
    expect(customerListQuerySchema.parse({ cursor: 'eyJwayI6IkEifQ_-' }).cursor).toBe('eyJwayI6IkEifQ_-');
    expect(customerListQuerySchema.safeParse({ cursor: 'x'.repeat(600) }).success).toBe(true);
    for (const cursor of ['', 'x'.repeat(601), 'abc=', 'a b', 'a/b']) {
      expect(firstMessage(customerListQuerySchema.safeParse({ cursor })), cursor).toBe(customerListMessages.cursorInvalid);
    }
    expect(customerListQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
  });
});
