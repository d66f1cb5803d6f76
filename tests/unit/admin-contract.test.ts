/** The admin dashboard's pure rules: page links, the showing line, badges, the list query and the search needle. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminBookingsQuerySchema, adminMessages, pageLinks, showingLine, statusBadgeVariant } from '../../shared/admin';
import { searchNeedle, searchNeedles, searchTokensOf } from '../../shared/booking';

describe('pageLinks', () => {
  it('shows every page up to five', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows five numbers around the current page with an ellipsis where pages are skipped', () => {
    expect(pageLinks(1, 40)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(pageLinks(20, 40)).toEqual(['ellipsis', 18, 19, 20, 21, 22, 'ellipsis']);
    expect(pageLinks(40, 40)).toEqual(['ellipsis', 36, 37, 38, 39, 40]);
  });

  it('always holds the current page, at most five numbers, in order and in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (a, b) => {
        const [page, count] = a <= b ? [a, b] : [b, a];
        const numbers = pageLinks(page, count).filter((x): x is number => x !== 'ellipsis');
        expect(numbers).toContain(page);
        expect(numbers.length).toBe(Math.min(5, count));
        expect(numbers.every((n, i) => n >= 1 && n <= count && (i === 0 || n === numbers[i - 1]! + 1))).toBe(true);
      }),
    );
  });
});

describe('showingLine', () => {
  it("says 'Showing X to Y of N bookings'", () => {
    expect(showingLine(1, 25, 25, 103)).toBe('Showing 1 to 25 of 103 bookings');
    expect(showingLine(5, 25, 3, 103)).toBe('Showing 101 to 103 of 103 bookings');
    expect(showingLine(1, 25, 0, 0)).toBe('Showing 0 to 0 of 0 bookings');
  });
});

describe('statusBadgeVariant', () => {
  it('follows the spec: checkout destructive, checkin default, reservation secondary', () => {
    expect(statusBadgeVariant('checkout')).toBe('destructive');
    expect(statusBadgeVariant('checkin')).toBe('default');
    expect(statusBadgeVariant('reservation')).toBe('secondary');
  });
});

describe('the list query', () => {
  it('defaults to the All tab, page 1 of 25', () => {
    expect(adminBookingsQuerySchema.parse({})).toEqual({ tab: 'all', status: 'all', page: 1, pageSize: 25 });
  });

  it('refuses pages that are not whole numbers of 1 or more', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }).map(String), fc.string().filter((s) => !/^\d+$/.test(s)), fc.double().map(String)), (page) => {
        const parsed = adminBookingsQuerySchema.safeParse({ page });
        if (parsed.success) expect(Number.isInteger(parsed.data.page) && parsed.data.page >= 1).toBe(true);
        else expect(parsed.error.issues[0]!.message).toBe(adminMessages.pageInvalid);
      }),
    );
  });

  it('refuses a From after its To', () => {
    const parsed = adminBookingsQuerySchema.safeParse({ pickUpFrom: '2030-02-02', pickUpTo: '2030-02-01' });
    expect(parsed.success).toBe(false);
  });
});

describe('searchNeedle', () => {
  it('looks up a phone number by its digits, however it is typed', () => {
    const tokens = searchTokensOf({ name: 'Aroha Ngata', email: 'a@example.com', contactNumber: '+64 21 555 0100' });
    for (const typed of ['021 555 0100', '+64 21 555 0100', '021-555-0100', '(021) 555']) expect(tokens.some((t) => t.startsWith(searchNeedle(typed)))).toBe(true);
  });

  it('finds a name, e-mail, registration or reference by any prefix of its token', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{2,12}$/), fc.integer({ min: 2, max: 12 }), (surname, length) => {
        const tokens = searchTokensOf({ name: `Mere ${surname}`, email: `${surname}@example.com`, contactNumber: '021 555 0100', carRegistration: 'ABC 123', bookingReference: 'RP-7K3M9Q' });
        for (const typed of [surname.slice(0, length), `${surname}@ex`, 'abc1', 'RP-7K']) expect(tokens.some((t) => t.startsWith(searchNeedle(typed)))).toBe(true);
      }),
    );
  });
});

describe('searchNeedles: the forgiving search', () => {
  const tokens = searchTokensOf({ name: 'Mere Te Ata', email: 'mere@example.com', contactNumber: '+64 21 555 0100', carRegistration: 'ABC 123', bookingReference: 'RP-7K3M9Q' });
  const finds = (typed: string) => tokens.some((t) => searchNeedles(typed).some((n) => t.startsWith(n)));

  it('finds a reference with or without RP- and in any case', () => {
    for (const typed of ['RP-7K3M9Q', 'rp-7k3m9q', '7K3M9Q', '7k3m', 'rp7k3m9q', 'Rp 7k3M9q']) expect(finds(typed), typed).toBe(true);
  });

  it('finds a number by any run of 4 or more of its digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 - 4 }), fc.integer({ min: 4, max: 10 }), (start, length) => {
        const run = '0215550100'.slice(start, start + length);
        fc.pre(run.length >= 4);
        expect(finds(run), run).toBe(true);
      }),
    );
    for (const typed of ['0100', '5550', '555 0100', '64 21 555', '+64 21 555 0100']) expect(finds(typed), typed).toBe(true);
  });

  it('finds a registration with or without spaces or a dash, in any case; a surname; an e-mail', () => {
    for (const typed of ['ABC 123', 'abc123', 'Abc-123', 'a b c 1', 'ata', 'ATA', 'Te Ata', 'mere@example']) expect(finds(typed), typed).toBe(true);
  });

  it('does not find what is not there', () => {
    for (const typed of ['0101', '7k3m9r', 'abd', 'xyz 999', 'rp-2222']) expect(finds(typed), typed).toBe(false);
  });

  it('keeps a number to 20 digits and a name to 6 words, so a booking writes a bounded set of tokens', () => {
    const many = searchTokensOf({ name: 'a b c d e f g h i j', email: 'x@y.z', contactNumber: '1234567890123456789012345', carRegistration: 'R1', bookingReference: 'RP-7K3M9Q' });
    expect(many.length).toBeLessThanOrEqual(36);
    expect(many).toContain('9012345678901234567890'.slice(-4));
  });
});
