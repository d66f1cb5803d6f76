/**
 * The admin's desk at 1280 px where features meet: a cash walk-in refunded in part is handed back in cash (the dialog
 * asks that, the toast and the booking's refunds say it), never "refunded to the card"; the bookings table keeps each
 * status pill and button on one line (no word broken inside it) and shows each e-mail whole.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, nzToday } from '../../shared/nz-time';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { keys } from '../../functions/store/keys';
import { bookingRows, letterTag, seedPaidBooking, signInAsAdmin } from './support/admin';
import { useBrowser, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(env, { admin: true });
});

/** A walk-in paid in cash in the yard, booked by the admin through the API; answers its registration. */
async function cashWalkIn(): Promise<string> {
  const rego = `CW${letterTag(4).toUpperCase()}`;
  const res = await request<{ booking_id: string }>(
    baseUrl,
    'POST',
    '/api/admin/walk-ins',
    { name: `Cash ${letterTag(6)}`, email: `cash-${randomUUID().slice(0, 8)}@example.com`, contact_number: '027 555 0101', car_registration: rego, pick_up_date: addDays(nzToday(new Date()), 3), pick_up_time: '10:00', payment: 'cash' },
    { authorization: admin.bearer },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return rego;
}

describe('the admin desk at 1280 px', () => {
  it('a cash walk-in refunded in part: the dialog asks to hand it back in cash, and the screen says it was handed back', async () => {
    const rego = await cashWalkIn();
    await withPage(browser(), 'desktop', async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(rego);
      const row = bookingRows(page).filter({ hasText: rego });
      await row.first().waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByRole('button', { name: 'Refund part' }).click();
      const refund = page.getByRole('dialog', { name: /^Refund part of RP-/ });
      await refund.getByLabel('Refund amount ($)').fill('5');
      await refund.getByLabel('Reason for the refund').fill('Shuttle was late');
      await refund.getByRole('button', { name: 'Review refund' }).click();
      const question = (await refund.getByRole('status').textContent()) ?? '';
      expect(question).toMatch(/^Hand back \$5\.00 in cash\? Give it to the traveller now: it is recorded as handed back by you\. The total goes from/);
      expect(question).not.toContain('card');
      await refund.getByRole('button', { name: 'Confirm refund of $5.00' }).click();
      const toast = page.locator('.toast', { hasText: 'Refund made' }).first();
      await toast.waitFor();
      expect(await toast.textContent()).toContain('$5.00 handed back in cash, recorded.');
      expect(await page.locator('.toast-destructive').count()).toBe(0);
      const refunds = edit.getByRole('region', { name: 'Refunds' });
      await refunds.getByText(/Handed back in cash by /).waitFor();
      expect(await refunds.getByText('Refund failed').count()).toBe(0);
    });
  });
});

/** For each element: how many lines its visible text takes (a word broken inside it takes two). */
async function linesOf(page: Page, selector: string): Promise<{ text: string; lines: number }[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      const texts = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      const tops = new Set<number>();
      for (const t of texts) {
        range.selectNodeContents(t);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return { text: texts.map((t) => t.textContent).join(''), lines: tops.size };
    }),
  );
}

describe('the bookings table at 1280 px', () => {
  it('keeps status pills and buttons on one line, and shows each e-mail whole', async () => {
    const tag = letterTag(6);
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
    const long = { firstName: 'Wiremu-Alexander', lastName: `Width${tag}`, dropOffDate: addDays(nzToday(new Date()), 2), pickUpDate: addDays(nzToday(new Date()), 6) };
    const ids = await Promise.all(
      ['a', 'b', 'c'].map((n) => seedPaidBooking({ ...long, email: `a-rather-long-address-for-the-desk-${n}${tag}@example-travel-company.co.nz`, carRegistration: `WD${n.toUpperCase()}${tag.slice(0, 3).toUpperCase()}` })),
    );
    // One in each status whose pill broke ("Reser/vatio/n", "Chec/k-out").
    for (const [id, status] of [[ids[1]!, 'checkin'], [ids[2]!, 'checkout']] as const) {
      await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': status } }));
    }
    await withPage(browser(), 'desktop', async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('tab', { name: /^All Bookings/ }).click();
      await page.getByLabel('Search bookings').fill(`width${tag}`);
      await page.waitForURL((u) => u.searchParams.get('q') === `width${tag}`);
      await expect.poll(() => bookingRows(page).count()).toBe(3);
      const pills = await linesOf(page, '.admin-table tbody .badge');
      expect(pills.map((p) => p.text).sort()).toEqual(['Check-in', 'Check-out', 'Reservation']);
      expect(pills.filter((p) => p.lines !== 1)).toEqual([]);
      const buttons = await linesOf(page, '.admin-table tbody .admin-actions button');
      expect(buttons).toHaveLength(6);
      expect(buttons.filter((b) => b.lines !== 1)).toEqual([]);
      // Every e-mail shown whole: all of its text inside its cell and the table's scroller (none clipped or hidden),
      // broken only where an address breaks (after '@' or '-', before '.'), and its full value a mailto link.
      const emails = await page.locator('.admin-table tbody a.admin-email').evaluateAll((els) =>
        els.map((el) => {
          const cell = el.closest('td')!.getBoundingClientRect();
          const wrap = el.closest('.admin-table-wrap')!.getBoundingClientRect();
          const text = el.textContent ?? '';
          const range = document.createRange();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const chars: { c: string; top: number; left: number; right: number }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.textContent!.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const r = range.getBoundingClientRect();
              chars.push({ c: node.textContent![i]!, top: Math.round(r.top), left: r.left, right: r.right });
            }
          }
          const inside = chars.every((ch) => ch.left >= cell.left - 1 && ch.right <= cell.right + 1 && ch.left >= wrap.left - 1 && ch.right <= wrap.right + 1);
          const badBreaks = chars.flatMap((ch, i) => (i > 0 && ch.top !== chars[i - 1]!.top && !/[@-]/.test(chars[i - 1]!.c) && ch.c !== '.' ? [`${chars[i - 1]!.c}|${ch.c}`] : []));
          return { text, href: el.getAttribute('href'), inside, badBreaks, ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' };
        }),
      );
      expect(emails).toHaveLength(3);
      for (const e of emails) expect(e, e.text).toEqual({ text: e.text, href: `mailto:${e.text}`, inside: true, badBreaks: [], ellipsis: false });
      expect(emails.map((e) => e.text).sort()).toEqual(['a', 'b', 'c'].map((n) => `a-rather-long-address-for-the-desk-${n}${tag}@example-travel-company.co.nz`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
});
