/**
 * The CSV export of the admin's list: GET /api/admin/bookings.csv for anonymous, customer A, customer B and
 * staff; the file's columns, en-NZ dates, money, RFC 4180 quoting and formula guard, read back with a CSV parser;
 * the same rows in the same order as the list for the same query, on every kind of list (search, range, status, all);
 * bad input answered as JSON; and where the file is cut. Bookings are made through the real checkout, each test
 * finding its own by a surname no other booking has.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { responseBytes, UTF8_BOM, csvRow } from '../../functions/lib/csv';
import { CSV_COLUMNS, exportBookings } from '../../functions/use-cases/admin/export-bookings';
import { exportMessages } from '../../shared/bookings-export';
import { adminBookingsQuerySchema, adminMessages } from '../../shared/admin';
import { toDateInput } from '../../shared/date-input';
import { messages } from '../../shared/messages';
import { nzToday } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, payOnPage, uniquePhone } from './payment-support';
import { tableClient } from '../support/stack-with-users';

let a: TestUser;
let b: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, b, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

const bearer = (user: TestUser | null): Record<string, string> => (user ? { authorization: user === admin ? `Bearer ${admin.idToken}` : user.bearer } : {});

/** The export as the browser gets it: status, headers and the text. */
async function exportCsv(query: string, user: TestUser | null = admin) {
  const res = await fetch(`${baseUrl}/api/admin/bookings.csv${query ? `?${query}` : ''}`, { headers: bearer(user) });
  const bytes = Buffer.from(await res.arrayBuffer());
  // Decoded as a browser's Blob would be kept: the byte-order mark stays in the text.
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

const records = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });
/** The data rows (no header), as objects keyed by the column names. */
const rowsOf = (text: string) => records(text).slice(1).map((cells) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, cells[i]])) as Record<(typeof CSV_COLUMNS)[number], string>);

const list = async (query: string) => (await request(baseUrl, 'GET', `/api/admin/bookings?${query}`, undefined, bearer(admin))).body;

const uniqueSurname = () => `Zz${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')}`;

async function paidBooking(options: { surname: string; firstName?: string; phone?: string; dropIn: number; pickIn: number; deposit?: boolean; flights?: boolean }) {
  const body = checkoutBody({
    customer: { firstName: options.firstName ?? 'Aroha', lastName: options.surname, contactNumber: options.phone ?? uniquePhone(), carRegistration: `T${randomInt(10000, 99999)}` },
    quote: {
      dropOffDate: daysFromToday(options.dropIn),
      pickUpDate: daysFromToday(options.pickIn),
      carWash: !options.deposit,
      ...(options.flights ? { departureFlightNumber: 'NZ101', returnFlightNumber: 'NZ102' } : {}),
    },
    paymentType: options.deposit ? 'deposit' : 'full',
  });
  const started = await checkout(body);
  await payOnPage(started.sessionId);
  const saved = (await booking(started.bookingId))!;
  expect(saved.status).toBe('reservation');
  return saved;
}

/** Two bookings of one new surname: one with a formula for a first name and a +64 number, one with a comma and quotes. */
async function twoBookings() {
  const surname = uniqueSurname();
  const formula = await paidBooking({ surname, firstName: '=HYPERLINK("http://x.example","Zz")', phone: `+64 ${uniquePhone().slice(1)}`, dropIn: 3, pickIn: 10, flights: true });
  const quoted = await paidBooking({ surname, firstName: 'Mere, "Tiny"', phone: `-${uniquePhone().replace(/\s/g, '')}`, dropIn: 5, pickIn: 5, deposit: true });
  return { surname, formula, quoted };
}

let made: Awaited<ReturnType<typeof twoBookings>>;
beforeAll(async () => {
  made = await twoBookings();
});

describe('access', () => {
  it('answers 401 to anonymous callers and 403 to customers A and B, as JSON', async () => {
    const anonymous = await exportCsv('', null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ message: 'Unauthorized' });
    for (const customer of [a, b]) {
      const res = await exportCsv(`q=${made.surname}`, customer);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ message: messages.forbidden });
      expect(res.text).not.toContain(made.surname);
    }
  });
});

describe('the file', () => {
  it('is a CSV download named for today (NZ) with a header row and one row per booking, read back exactly', async () => {
    const res = await exportCsv(`q=${made.surname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="bookings-${nzToday(new Date())}.csv"`);
    expect(res.headers.get('x-row-count')).toBe('2');
    expect(res.headers.get('x-truncated')).toBeNull();
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.startsWith(UTF8_BOM)).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    expect(res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    expect(records(res.text)[0]).toEqual([...CSV_COLUMNS]);
    const rows = rowsOf(res.text);
    const f = made.formula;
    const q = made.quoted;
    const created = (iso: string) => {
      const at = new Date(iso);
      const parts = Object.fromEntries(new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
      return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
    };
    // A search lists newest booked first: the second booking, then the first.
    expect(rows).toEqual([
      {
        'Booking Ref': q.bookingReference,
        Status: 'Reservation',
        'Customer Name': `Mere, "Tiny" ${made.surname}`,
        Email: q.customer.email,
        'Contact Number': `'${q.customer.contactNumber}`,
        'Car Registration': q.carRegistration,
        'Drop-off': `${toDateInput(daysFromToday(5))} 09:00`,
        'Pick-up': `${toDateInput(daysFromToday(5))} 11:00`,
        Days: '1',
        'Car Wash': 'No',
        Services: '',
        'Parking Bay': '',
        'Departure Flight': '',
        'Return Flight': '',
        Total: '30.00',
        Paid: '10.00',
        Refunded: '0.00',
        'Balance Due': '20.00',
        Booked: created(q.createdAt),
      },
      {
        'Booking Ref': f.bookingReference,
        Status: 'Reservation',
        'Customer Name': `'=HYPERLINK("http://x.example","Zz") ${made.surname}`,
        Email: f.customer.email,
        'Contact Number': `'${f.customer.contactNumber}`,
        'Car Registration': f.carRegistration,
        'Drop-off': `${toDateInput(daysFromToday(3))} 09:00`,
        'Pick-up': `${toDateInput(daysFromToday(10))} 11:00`,
        Days: '8',
        'Car Wash': 'Yes',
        Services: '',
        'Parking Bay': '',
        'Departure Flight': 'NZ101',
        'Return Flight': 'NZ102',
        Total: '110.00',
        Paid: '110.00',
        Refunded: '0.00',
        'Balance Due': '0.00',
        Booked: created(f.createdAt),
      },
    ]);
    // As written: quotes doubled inside a quoted field, the formula and the leading + and - guarded with '.
    expect(res.text).toContain(`"Mere, ""Tiny"" ${made.surname}"`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://x.example"",""Zz"") ${made.surname}"`);
    for (const line of res.text.split('\r\n')) for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/);
  });

  it('holds the same bookings in the same order as the list, whatever the page, for each kind of list', async () => {
    const { surname, formula, quoted } = made;
    const queries = [
      `q=${surname}`,
      `q=${surname}&sort=dropoff_desc`,
      `q=${surname}&sort=pickup_asc&page=2&pageSize=1`,
      `q=${surname}&status=checkin`,
      `q=${surname}&dropOffFrom=${daysFromToday(3)}&dropOffTo=${daysFromToday(3)}`,
      `tab=dropoffs&q=${surname}`,
    ];
    for (const query of queries) {
      const file = await exportCsv(query);
      expect(file.status, query).toBe(200);
      const listed = await list(query.replace(/&?page=\d+&pageSize=\d+/, '') + '&pageSize=100');
      expect(rowsOf(file.text).map((r) => r['Booking Ref']), query).toEqual(listed.items.map((i: { booking_reference: string }) => i.booking_reference));
      expect(file.headers.get('x-row-count'), query).toBe(String(listed.total));
    }
    const sorted = rowsOf((await exportCsv(`q=${surname}&sort=dropoff_desc`)).text).map((r) => r['Booking Ref']);
    expect(sorted).toEqual([quoted.bookingReference, formula.bookingReference]);
    expect(rowsOf((await exportCsv(`q=${surname}&status=checkin`)).text)).toEqual([]);
  });

  it('exports a date range and the month-by-month lists (all, one status) in full', async () => {
    const { formula, quoted } = made;
    const range = rowsOf((await exportCsv(`dropOffFrom=${daysFromToday(3)}&dropOffTo=${daysFromToday(3)}`)).text).map((r) => r['Booking Ref']);
    expect(range).toContain(formula.bookingReference);
    expect(range).not.toContain(quoted.bookingReference);

    for (const query of ['', 'status=reservation']) {
      const file = await exportCsv(query);
      expect(file.status).toBe(200);
      const rows = rowsOf(file.text);
      const refs = rows.map((r) => r['Booking Ref']);
      expect(refs).toEqual(expect.arrayContaining([formula.bookingReference, quoted.bookingReference]));
      expect(new Set(refs).size).toBe(refs.length);
      if (query) expect(new Set(rows.map((r) => r.Status))).toEqual(new Set(['Reservation']));
      // Newest booked first: the Booked column never goes up.
      const stamps = rows.map((r) => r.Booked.replace(/^(\d\d)\/(\d\d)\/(\d{4}) (.*)$/, '$3-$2-$1 $4'));
      expect(stamps).toEqual([...stamps].sort().reverse());
      expect(Number(file.headers.get('x-row-count'))).toBe(rows.length);
    }
  });
});

describe('bad input answers JSON {message}, like every route', () => {
  it.each([
    ['dropOffFrom=2026-02-30', 'Invalid date or time format'],
    ['tab=nope', 'Unknown tab'],
    ['dropOffFrom=2030-01-01&dropOffTo=2030-12-31', adminMessages.rangeTooLong],
    ['pickUpFrom=2030-02-01&pickUpTo=2030-01-01', adminMessages.fromAfterTo],
    ['format=xlsx', messages.invalidRequest],
  ])('%s: 400 with "%s"', async (query, message) => {
    const res = await exportCsv(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(res.text).message).toBe(message);
  });
});

describe('where the file is cut', () => {
  const db = tableClient(env);

  it('says when a search matched more than it reads: a header and a closing row', async () => {
    // More matches than a search reads (test-only tokens for bookings that do not exist: the search skips them).
    const token = `zzcut${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await Promise.all(Array.from({ length: 201 }, () => db.send(new PutCommand({ TableName: env.tableName, Item: { ...keys.searchToken('booking', token, randomUUID()), type: 'search_token', kind: 'booking', bookingId: randomUUID() } }))));
    const res = await exportCsv(`q=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-truncated')).toBe('search');
    expect(res.headers.get('x-row-count')).toBe('0');
    expect(records(res.text)).toEqual([[...CSV_COLUMNS], [exportMessages.search]]);
  });

  describe('the bounds, with the use case called here against the stack table', () => {
    const saved: Record<string, string | undefined> = {};
    beforeAll(() => {
      for (const [k, v] of Object.entries({ AWS_REGION: 'ap-southeast-2', TABLE_NAME: env.tableName, DYNAMODB_ENDPOINT: env.dynamodbEndpoint })) {
        saved[k] = process.env[k];
        process.env[k] = v;
      }
    });
    afterAll(() => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });
    const query = () => adminBookingsQuerySchema.parse({ q: made.surname });

    it('stops at the row bound and ends with a row saying so', async () => {
      const file = await exportBookings(query(), { rows: 1, bytes: 5_000_000 });
      expect(file).toMatchObject({ rows: 1, truncated: 'rows' });
      const all = records(file.body);
      expect(all).toHaveLength(3);
      expect(all[1]![0]).toBe(made.quoted.bookingReference);
      expect(all[2]).toEqual([exportMessages.rows]);
    });

    it('stops before the size bound, measured as the Lambda response carries the body', async () => {
      const header = UTF8_BOM + csvRow(CSV_COLUMNS);
      // Room for the header and the closing note only.
      const tight = await exportBookings(query(), { rows: 100, bytes: responseBytes(header) + 512 + 10 });
      expect(tight).toMatchObject({ rows: 0, truncated: 'size' });
      expect(records(tight.body)).toEqual([[...CSV_COLUMNS], [exportMessages.size]]);
      const roomy = await exportBookings(query(), { rows: 100, bytes: 5_000_000 });
      expect(roomy).toMatchObject({ rows: 2, truncated: null });
      expect(responseBytes(roomy.body)).toBeLessThan(5_000_000);
    });
  });
});
