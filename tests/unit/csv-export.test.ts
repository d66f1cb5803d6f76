/**
 * The CSV writer behind the admin's export (functions/lib/csv.ts) and the export's row (export-bookings.ts):
 * any text round-trips through a real CSV parser (csv-parse), no cell a spreadsheet reads starts with a formula
 * character, the size budget holds, and a booking's row has the columns, en-NZ dates and money as the docs say.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvBody, csvCell, csvRow, responseBytes, UTF8_BOM } from '../../functions/lib/csv';
import { toCustomerBooking } from '../../functions/use-cases/booking/booking-wire';
import { CSV_COLUMNS, csvCellsOf, EXPORT_LIMITS } from '../../functions/use-cases/admin/export-bookings';
import { exportMessages } from '../../shared/bookings-export';
import { bookingRecord } from '../support/booking-record';

const FORMULA = ['=', '+', '-', '@', '\t', '\r'];
/** Text weighted towards what breaks CSV: formula starters, quotes, commas, line ends, apostrophes, any Unicode. */
const tricky = fc.string({
  unit: fc.oneof({ arbitrary: fc.constantFrom(...FORMULA, '"', ',', '\n', "'", ' ', 'ā'), weight: 2 }, { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 3 }),
  maxLength: 30,
});
/** What a cell should read as: the text itself, or with the leading ' when it would start a formula. */
const expected = (text: string) => (FORMULA.some((c) => text.startsWith(c)) ? `'${text}` : text);

const read = (csv: string): string[][] => parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false });

describe('csvCell and csvRow', () => {
  it('round-trip any text through a CSV parser, guarding formula starters', () => {
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 8 }), (cells) => {
        expect(read(csvRow(cells))).toEqual([cells.map(expected)]);
      }),
      { numRuns: 500 },
    );
  });

  it('never let a parsed cell start with =, +, -, @, tab or CR', () => {
    fc.assert(
      fc.property(fc.array(fc.array(tricky, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        for (const record of read(rows.map(csvRow).join(''))) for (const cell of record) expect(FORMULA.some((c) => cell.startsWith(c))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('keep many rows apart, each CRLF-terminated, behind a byte-order mark', () => {
    fc.assert(
      fc.property(fc.array(fc.array(tricky, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const text = UTF8_BOM + rows.map(csvRow).join('');
        expect(text.endsWith('\r\n')).toBe(true);
        expect(read(text)).toEqual(rows.map((r) => r.map(expected)));
      }),
    );
  });

  it('quote only what needs it, and write numbers and empty values plainly', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+64 21 555 1234')).toBe("'+64 21 555 1234");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`);
    expect(csvCell("O'Brien")).toBe("O'Brien");
    expect(csvCell('a = b')).toBe('a = b');
    // A number is written as a number: a minus sign there is arithmetic, not a formula.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(8)).toBe('8');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvRow(['a', '', 'c'])).toBe('a,,c\r\n');
  });
});

describe('CsvBody', () => {
  it('never passes its budget, measured as the JSON-encoded response body, and refuses only rows that would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.array(fc.array(tricky, { minLength: 1, maxLength: 4 }), { maxLength: 20 }), (budget, rows) => {
        const body = new CsvBody(budget);
        for (const row of rows) {
          const before = body.bytes;
          const added = body.add(row);
          expect(added).toBe(before + responseBytes(csvRow(row)) <= budget);
          expect(body.bytes).toBe(responseBytes(body.toString()));
          expect(body.bytes).toBeLessThanOrEqual(budget);
        }
      }),
    );
  });

  it('appends the closing row past the budget, and counts it', () => {
    const body = new CsvBody(10, UTF8_BOM);
    expect(body.add(['a much longer row than ten bytes'])).toBe(false);
    body.append(['Cut: narrow the filters']);
    expect(body.toString()).toBe(`${UTF8_BOM}Cut: narrow the filters\r\n`);
    expect(body.bytes).toBe(responseBytes(body.toString()));
    expect(body.bytes).toBeGreaterThan(10);
  });

  it('counts what JSON escapes twice', () => {
    expect(responseBytes('ab')).toBe(2);
    expect(responseBytes('"\r\n')).toBe(6);
    expect(responseBytes('ā')).toBe(2);
  });
});

describe("a booking's row", () => {
  it('has every column, en-NZ dates and times, money with two decimals, and empty cells for what is not set', () => {
    const row = csvCellsOf(
      toCustomerBooking(
        bookingRecord({
          status: 'checkin',
          parkingBayNumber: 'B12',
          returnFlight: 'NZ102',
          createdAt: '2030-02-28T20:15:00.000Z',
          payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-02-28T20:16:00.000Z' },
        }),
      ),
    );
    expect(Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      'Booking Ref': 'RP-7K3M9Q',
      Status: 'Check-in',
      'Customer Name': 'Aroha Ngata',
      Email: 'aroha@example.com',
      'Contact Number': '021 555 1234',
      'Car Registration': 'KTA123',
      'Drop-off': '10/03/2030 09:00',
      'Pick-up': '17/03/2030 11:30',
      Days: 8,
      'Car Wash': 'Yes',
      Services: '',
      'Parking Bay': 'B12',
      'Departure Flight': 'NZ101',
      'Return Flight': 'NZ102',
      Total: '110.00',
      Paid: '10.00',
      Refunded: '0.00',
      'Balance Due': '100.00',
      // 20:15 UTC on 28 February is 09:15 on 1 March in Auckland (NZDT, +13).
      Booked: '01/03/2030 09:15',
    });
    expect(csvCellsOf(toCustomerBooking(bookingRecord({ carRegistration: null, departureFlight: null, carWash: false, status: 'cancelled' })))).toEqual(
      expect.arrayContaining(['Cancelled', 'No']),
    );
    // Cancelled after paying $110 in full, $80 of it refunded: what came in, what went back, nothing due.
    const refundLine = { id: 'r1', at: '2030-03-05T00:00:00.000Z', by: 'customer', kind: 'refund', amountCents: -8000, note: 'Cancelled', status: 'succeeded' } as const;
    const cancelled = csvCellsOf(
      toCustomerBooking(bookingRecord({ status: 'cancelled', ledger: [refundLine], payment: { type: 'full', amountPaidCents: 3000, balanceDueCents: 0, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-02-28T20:16:00.000Z' } })),
    );
    expect(['Total', 'Paid', 'Refunded', 'Balance Due'].map((c) => cancelled[CSV_COLUMNS.indexOf(c as (typeof CSV_COLUMNS)[number])])).toEqual(['110.00', '110.00', '80.00', '0.00']);
    const blank = csvCellsOf(toCustomerBooking(bookingRecord({ carRegistration: null, departureFlight: null })));
    expect(blank[CSV_COLUMNS.indexOf('Car Registration')]).toBe('');
    expect(blank[CSV_COLUMNS.indexOf('Departure Flight')]).toBe('');
    // The Services page's services booked with the stay, by name in price-list order.
    const serviced = csvCellsOf(toCustomerBooking(bookingRecord({ carServicing: true, carServicingCents: 25000, carCleaning: true, carCleaningCents: 7500 })));
    expect(serviced[CSV_COLUMNS.indexOf('Services')]).toBe('Car Cleaning; Car Servicing');
  });

  it('writes money over $1,000 as a plain number a spreadsheet sums: no symbol, no thousands separator', () => {
    const big = csvCellsOf(
      toCustomerBooking(
        bookingRecord({
          totalCents: 123_450,
          parkingCents: 117_450,
          payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 122_450, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-03-01T00:01:00.000Z' },
        }),
      ),
    );
    expect(['Total', 'Paid', 'Refunded', 'Balance Due'].map((c) => big[CSV_COLUMNS.indexOf(c as (typeof CSV_COLUMNS)[number])])).toEqual(['1234.50', '10.00', '0.00', '1224.50']);
    expect(csvRow(big)).toContain(',1234.50,10.00,0.00,1224.50,');
  });
});

describe("the export's bound", () => {
  it('stops at 20,000 bookings or 5,000,000 bytes, as docs/admin.md says, and the closing row names the 20,000', () => {
    expect(EXPORT_LIMITS).toEqual({ rows: 20_000, bytes: 5_000_000 });
    expect(exportMessages.rows).toBe('This export stops at 20,000 bookings, the most one file holds. Narrow the filters (a date range or a status) to export the rest.');
  });
});
