/**
 * The yard phone screen's input rules (shared/yard.ts): what the scanner reads from a pass, and what staff type when
 * a car checks in or out or gets a note. The messages are the ones the yard screen shows under each field.
 */
import { describe, expect, it } from 'vitest';
import { bayMessages } from '../../shared/bays';
import { checkInSchema, checkOutSchema, noteRequestSchema, tokenFromCode, yardBookingSchema, yardMessages, yardScanSchema } from '../../shared/yard';
import { firstMessage } from '../support/first-message';

/** The first message the schema gives for the input, or null when it parses. */
const message = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => firstMessage(schema.safeParse(input));

const checkIn = { car_registration: 'abc123', parking_bay_number: ' 12 ', version: '2026-11-26T08:00:00.000Z' };

describe('reading a pass', () => {
  it('takes the token from the pass address, with or without a trailing slash, a query or a fragment', () => {
    expect(tokenFromCode('https://parking.example/pass/tok_123')).toBe('tok_123');
    expect(tokenFromCode('  https://parking.example/pass/tok_123/  ')).toBe('tok_123');
    expect(tokenFromCode('https://parking.example/pass/tok_123?utm=qr')).toBe('tok_123');
    expect(tokenFromCode('https://parking.example/pass/tok_123#top')).toBe('tok_123');
    expect(tokenFromCode('http://localhost:5173/pass/abc.def-ghi')).toBe('abc.def-ghi');
  });

  it('decodes an escaped token, and keeps one whose escapes are broken as it is', () => {
    expect(tokenFromCode('https://parking.example/pass/a%2Bb')).toBe('a+b');
    expect(tokenFromCode('https://parking.example/pass/a%E0%A4%A')).toBe('a%E0%A4%A');
  });

  it('takes a bare token typed from the pass, trimmed', () => {
    expect(tokenFromCode('  tok_123 ')).toBe('tok_123');
    expect(tokenFromCode('RP-ABC123')).toBe('RP-ABC123');
  });

  it('does not read a token from an address that only mentions a pass further up, or from one with a path after it', () => {
    expect(tokenFromCode('https://parking.example/pass/tok_123/extra')).toBe('https://parking.example/pass/tok_123/extra');
    expect(tokenFromCode('https://parking.example/pass/')).toBe('https://parking.example/pass/');
    expect(tokenFromCode('https://parking.example/pass/tok 123')).toBe('https://parking.example/pass/tok 123');
  });

  it('asks for a code when nothing was read, and refuses a code longer than any pass', () => {
    expect(message(yardScanSchema, { code: '   ' })).toBe(yardMessages.codeNeeded);
    expect(message(yardScanSchema, {})).toBe(yardMessages.codeNeeded);
    expect(message(yardScanSchema, { code: 'x'.repeat(2001) })).toBe(yardMessages.notAPass);
    expect(yardScanSchema.parse({ code: ` ${'x'.repeat(2000)} ` }).code).toHaveLength(2000);
    expect(message(yardScanSchema, { code: 'tok', extra: 1 })).not.toBeNull();
  });
});

describe('checking a car in', () => {
  it('stores the registration and key tag in capitals, the registration without spaces, the bay trimmed', () => {
    const parsed = checkInSchema.parse({ ...checkIn, car_registration: ' abc 123 ', key_tag: 'k-7', car_make: ' Toyota ', car_colour: 'Silver blue' });
    expect(parsed).toMatchObject({ car_registration: 'ABC123', parking_bay_number: '12', key_tag: 'K-7', car_make: 'Toyota', car_colour: 'Silver blue' });
  });

  it('asks for the registration and the bay when they are missing or blank', () => {
    expect(message(checkInSchema, { ...checkIn, car_registration: '   ' })).toBe(yardMessages.registrationNeeded);
    expect(message(checkInSchema, { ...checkIn, car_registration: undefined })).toBe(yardMessages.registrationInvalid);
    expect(message(checkInSchema, { ...checkIn, parking_bay_number: ' ' })).toBe(yardMessages.bayNeeded);
    expect(message(checkInSchema, { ...checkIn, parking_bay_number: undefined })).toBe(bayMessages.notABay);
  });

  it('holds the registration and key tag to 10 letters and digits (and dashes for tags)', () => {
    expect(checkInSchema.parse({ ...checkIn, car_registration: 'ABCDEFGHIJ' }).car_registration).toBe('ABCDEFGHIJ');
    expect(message(checkInSchema, { ...checkIn, car_registration: 'ABCDEFGHIJK' })).toBe(yardMessages.registrationInvalid);
    expect(message(checkInSchema, { ...checkIn, car_registration: 'AB-123' })).toBe(yardMessages.registrationInvalid);
    // The bay is the one bay rule's (shared/bays.ts), judged by the server against the capacity; only a far too long text stops here.
    expect(message(checkInSchema, { ...checkIn, parking_bay_number: '1'.repeat(13) })).toBe(bayMessages.notABay);
    expect(message(checkInSchema, { ...checkIn, key_tag: 'K_7' })).toBe(yardMessages.keyTagInvalid);
    expect(message(checkInSchema, { ...checkIn, key_tag: 'K123456789A' })).toBe(yardMessages.keyTagInvalid);
  });

  it('leaves the key tag, make and colour empty (null) when blank, and optional', () => {
    expect(checkInSchema.parse({ ...checkIn, key_tag: '  ', car_make: ' ', car_colour: '' })).toMatchObject({ key_tag: null, car_make: null, car_colour: null });
    const bare = checkInSchema.parse(checkIn);
    expect(bare.key_tag).toBeUndefined();
    expect(bare.car_make).toBeUndefined();
  });

  it('holds make and colour to 30 letters, digits, spaces and dashes', () => {
    expect(checkInSchema.parse({ ...checkIn, car_make: 'Mercedes-Benz Škoda 2' }).car_make).toBe('Mercedes-Benz Škoda 2');
    expect(checkInSchema.parse({ ...checkIn, car_colour: 'x'.repeat(30) }).car_colour).toHaveLength(30);
    expect(message(checkInSchema, { ...checkIn, car_colour: 'x'.repeat(31) })).toBe(yardMessages.makeInvalid);
    expect(message(checkInSchema, { ...checkIn, car_make: 'Ford!' })).toBe(yardMessages.makeInvalid);
    expect(message(checkInSchema, { ...checkIn, car_make: 7 })).toBe(yardMessages.makeInvalid);
  });

  it('takes a note of up to 500 characters over several lines', () => {
    expect(checkInSchema.parse({ ...checkIn, note: 'Scratch on\r\nthe left door' }).note).toBe('Scratch on\nthe left door');
    expect(message(checkInSchema, { ...checkIn, note: 'x'.repeat(501) })).toBe(yardMessages.noteTooLong);
    expect(message(checkInSchema, { ...checkIn, note: 'evil\u202Etxt' })).toBe(yardMessages.noteInvalid);
  });

  it('needs the version the screen read, and nothing it does not know', () => {
    expect(message(checkInSchema, { ...checkIn, version: '' })).toBe('Reload the booking and try again');
    expect(message(checkInSchema, { ...checkIn, version: undefined })).toBe('Reload the booking and try again');
    expect(message(checkInSchema, { ...checkIn, status: 'checkin' })).not.toBeNull();
  });
});

describe('checking a car out and writing notes', () => {
  it('needs only the version; anything else it does not know is refused', () => {
    expect(checkOutSchema.parse({ version: 'v1' })).toEqual({ version: 'v1' });
    expect(message(checkOutSchema, { version: '' })).toBe('Reload the booking and try again');
    expect(message(checkOutSchema, { version: 'v1', balance: 0 })).not.toBeNull();
  });

  it('asks for the note, holds it to 500 characters, and takes a flag date as YYYY-MM-DD', () => {
    expect(message(noteRequestSchema, { text: ' \u200B ' })).toBe(yardMessages.noteNeeded);
    expect(message(noteRequestSchema, {})).not.toBeNull();
    expect(noteRequestSchema.parse({ text: 'x'.repeat(500) }).text).toHaveLength(500);
    expect(message(noteRequestSchema, { text: 'x'.repeat(501) })).toBe(yardMessages.noteTooLong);
    expect(message(noteRequestSchema, { text: 'bell\u0007' })).toBe(yardMessages.noteInvalid);
    expect(noteRequestSchema.parse({ text: ' Keys in the safe ', flag_date: '2026-12-01' })).toEqual({ text: 'Keys in the safe', flag_date: '2026-12-01' });
    expect(message(noteRequestSchema, { text: 'ok', flag_date: '01/12/2026' })).not.toBeNull();
  });
});

describe('the booking as the yard sees it', () => {
  it('knows only the two steps and needs what is due in whole days', () => {
    const shape = yardBookingSchema.shape;
    expect(shape.next_step.safeParse('checkin').success).toBe(true);
    expect(shape.next_step.safeParse('checkout').success).toBe(true);
    expect(shape.next_step.safeParse(null).success).toBe(true);
    expect(shape.next_step.safeParse('cancel').success).toBe(false);
    expect(shape.due.safeParse({ balance: 10, late_days: 1, late_fee: 25, total: 35, late_fee_waiver: null }).success).toBe(true);
    expect(shape.due.safeParse({ balance: 10, late_days: 1.5, late_fee: 25, total: 35, late_fee_waiver: null }).success).toBe(false);
  });
});
