/**
 * The admin booking list's query, badges, page links and 'Showing ...' line (shared/admin.ts), each edge as the
 * dashboard shows it: a page number and size from the address bar, date ranges whose From is after To, the five
 * statuses' badges, the page links around the current page.
 */
import { describe, expect, it } from 'vitest';
import { adminBookingsQuerySchema, adminCheckoutRequestSchema, adminMessages, pageLinks, showingLine, statusBadgeVariant } from '../../shared/admin';
import { bayMessages, bayProblem, normaliseBay } from '../../shared/bays';

const firstIssue = (input: Record<string, unknown>) => {
  const r = adminBookingsQuerySchema.safeParse(input);
  return r.success ? null : { message: r.error.issues[0]!.message, path: r.error.issues[0]!.path };
};

describe('the list query', () => {
  it('takes page 1 and up, and a page size of 1 to 100', () => {
    expect(adminBookingsQuerySchema.parse({ page: '1', pageSize: '1' })).toMatchObject({ page: 1, pageSize: 1 });
    expect(adminBookingsQuerySchema.parse({ page: '999999999', pageSize: '100' })).toMatchObject({ page: 999_999_999, pageSize: 100 });
    expect(firstIssue({ page: '0' })?.message).toBe(adminMessages.pageInvalid);
    expect(firstIssue({ pageSize: '0' })?.message).toBe('Page size must be between 1 and 100');
    expect(firstIssue({ pageSize: '101' })?.message).toBe('Page size must be between 1 and 100');
    expect(firstIssue({ page: '1000000000' })?.message).toBe(adminMessages.pageInvalid);
  });

  it('refuses a From after its To, on the From, for drop-offs and pick-ups alike', () => {
    expect(firstIssue({ dropOffFrom: '2026-12-02', dropOffTo: '2026-12-01' })).toEqual({ message: adminMessages.fromAfterTo, path: ['dropOffFrom'] });
    expect(firstIssue({ pickUpFrom: '2026-12-10', pickUpTo: '2026-11-30' })).toEqual({ message: adminMessages.fromAfterTo, path: ['pickUpFrom'] });
    expect(firstIssue({ dropOffFrom: '2026-12-01', dropOffTo: '2026-12-01' })).toBeNull();
    expect(firstIssue({ dropOffFrom: '2026-12-01', pickUpTo: '2026-11-01' })).toBeNull();
    expect(firstIssue({ dropOffFrom: '2026-12-02' })).toBeNull();
    expect(firstIssue({ dropOffTo: '2026-12-01' })).toBeNull();
  });
});

describe('a walk-up checkout', () => {
  it('takes a bay as text, trimmed, and no bay as null (the bay rule is the server\'s, against the capacity)', () => {
    const bay = adminCheckoutRequestSchema.shape.parking_bay_number;
    expect(bay.parse(' 12 ')).toBe('12');
    expect(bay.parse('  ')).toBeNull();
    expect(bay.parse(undefined)).toBeUndefined();
    expect(bay.safeParse('1'.repeat(13)).error?.issues[0]?.message).toBe(bayMessages.notABay);
  });
});

describe('the one bay rule', () => {
  it('a whole number from 1 to the capacity, with one message for anything else', () => {
    for (const ok of ['1', '12', '300', ' 7 ', '007']) expect(bayProblem(ok, 300), ok).toBeNull();
    for (const bad of ['A12', 'B-12', '0', '301', '1.5', '-3', '', '12a', '1 2']) expect(bayProblem(bad, 300), bad).toBe('Enter a parking bay from 1 to 300');
    expect(bayProblem('3', 2)).toBe('Enter a parking bay from 1 to 2');
    expect(normaliseBay('007')).toBe('7');
    expect(normaliseBay('A12')).toBeNull();
  });
});

describe('status badges', () => {
  it('give each status its variant', () => {
    expect(statusBadgeVariant('cancelled')).toBe('outline');
    expect(statusBadgeVariant('payment_review')).toBe('warning');
    expect(statusBadgeVariant('checkout')).toBe('destructive');
    expect(statusBadgeVariant('checkin')).toBe('default');
    expect(statusBadgeVariant('reservation')).toBe('secondary');
  });
});

describe('page links', () => {
  it('lists every page up to 5, and 5 around the current one past that, with ellipses where pages are skipped', () => {
    expect(pageLinks(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 6)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(pageLinks(6, 6)).toEqual(['ellipsis', 2, 3, 4, 5, 6]);
    expect(pageLinks(5, 10)).toEqual(['ellipsis', 3, 4, 5, 6, 7, 'ellipsis']);
  });
});

describe("the 'Showing' line", () => {
  it('counts from the page and size, and shows zeros when nothing is shown', () => {
    expect(showingLine(1, 25, 3, 3)).toBe('Showing 1 to 3 of 3 bookings');
    expect(showingLine(2, 25, 25, 60)).toBe('Showing 26 to 50 of 60 bookings');
    expect(showingLine(1, 25, 0, 0)).toBe('Showing 0 to 0 of 0 bookings');
    // A page past the end: nothing shown, though bookings match.
    expect(showingLine(5, 25, 0, 60)).toBe('Showing 0 to 0 of 60 bookings');
  });
});
