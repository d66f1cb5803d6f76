/**
 * The contact form: the four messages under their fields, 'Sending...' while busy, the success toast and
 * a cleared form, the e-mail in the local outbox, server field errors and failures shown to the visitor, the
 * server's 'try again in' text past a sender's budget, and a filled honeypot that looks like success but sends nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { contactTexts } from '../../shared/contact';
import { site } from '../../shared/site';
import { inOneBudgetWindow } from '../support/budget-window';
import { useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();

const FIELDS = ['Name', 'Email', 'Phone', 'Message'] as const;

async function openContact(page: Page) {
  await page.goto(`${baseUrl}/contact`);
  await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
}

/** The message shown under a field: the element its aria-describedby points at. */
async function errorUnder(page: Page, label: (typeof FIELDS)[number]): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  const id = await field.getAttribute('aria-describedby');
  if (!id) return null;
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  return page.locator(`[id="${id}"]`).innerText();
}

async function fill(page: Page, values: Record<(typeof FIELDS)[number], string>) {
  for (const label of FIELDS) await page.getByLabel(label, { exact: true }).fill(values[label]);
}

async function outboxWith(marker: string): Promise<StoredEmail[]> {
  const res = await fetch(`${baseUrl}/_local/outbox.json`);
  const mails = (await res.json()) as StoredEmail[];
  return mails.filter((m) => m.text.includes(marker));
}

const toast = (page: Page) => page.locator('.toast');

describe.each(viewportNames)('contact form (%s)', (viewport) => {
  it('shows the four messages under their fields and focuses the first', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openContact(page);
      expect(await page.getByLabel('Message', { exact: true }).getAttribute('rows')).toBe('5');
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect(await errorUnder(page, 'Name')).toBe('Name must be at least 2 characters');
      expect(await errorUnder(page, 'Email')).toBe('Please enter a valid email address');
      expect(await errorUnder(page, 'Phone')).toBe('Please enter a valid phone number');
      expect(await errorUnder(page, 'Message')).toBe('Message must be at least 10 characters');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

      // Values that are present but too short get the same messages; fixing a field clears its message.
      await fill(page, { Name: 'A', Email: 'aroha@', Phone: '021 123', Message: 'Too short' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect(await errorUnder(page, 'Name')).toBe('Name must be at least 2 characters');
      expect(await errorUnder(page, 'Email')).toBe('Please enter a valid email address');
      expect(await errorUnder(page, 'Phone')).toBe('Please enter a valid phone number');
      expect(await errorUnder(page, 'Message')).toBe('Message must be at least 10 characters');
      await page.getByLabel('Name', { exact: true }).fill('Aroha');
      expect(await errorUnder(page, 'Name')).toBeNull();
      expect(await errorUnder(page, 'Email')).toBe('Please enter a valid email address');
      expect(await toast(page).count()).toBe(0);
    });
  });

  it('sends: Sending... while busy, the success toast, a cleared form and the e-mail in the outbox', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openContact(page);
      const marker = randomUUID();
      const message = `Can I leave a van with you for three weeks in March? (${marker})`;
      await fill(page, { Name: 'Aroha Ngata', Email: 'aroha@example.co.nz', Phone: '021 123 4567', Message: message });

      // Hold the request so the busy state can be seen, then let it through to the real API.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/contact', async (route: Route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      const busy = page.getByRole('button', { name: 'Sending...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();

      await toast(page).waitFor();
      expect(await toast(page).locator('.toast-title').innerText()).toBe(contactTexts.successTitle);
      expect(await toast(page).locator('.toast-description').innerText()).toBe(contactTexts.successDescription);
      for (const label of FIELDS) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);

      const mails = await outboxWith(marker);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([site.email]);
      expect(mails[0]!.replyTo).toEqual(['aroha@example.co.nz']);
      expect(mails[0]!.subject).toBe('Contact form: Aroha Ngata');
      expect(mails[0]!.text).toContain(message);
      expect(mails[0]!.text).toContain('Phone: 021 123 4567');
    });
  });

  it("shows the server's field errors under the fields, the same way", async () => {
    await withPage(browser(), viewport, async (page) => {
      await openContact(page);
      await page.route('**/api/contact', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Please check the highlighted fields', fieldErrors: { email: contactTexts.invalidEmail } }) }),
      );
      await fill(page, { Name: 'Aroha Ngata', Email: 'aroha@example.co.nz', Phone: '021 123 4567', Message: 'A question about parking.' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('.field-error').waitFor();
      expect(await errorUnder(page, 'Email')).toBe(contactTexts.invalidEmail);
      expect(await errorUnder(page, 'Name')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('A question about parking.');
    });
  });

  it('keeps what was typed and shows the error toast when sending fails', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openContact(page);
      await page.route('**/api/contact', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: contactTexts.failureDescription }) }));
      await fill(page, { Name: 'Aroha Ngata', Email: 'aroha@example.co.nz', Phone: '021 123 4567', Message: 'A question about parking.' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page).waitFor();
      expect(await toast(page).locator('.toast-title').innerText()).toBe(contactTexts.failureTitle);
      expect(await toast(page).locator('.toast-description').innerText()).toBe(contactTexts.failureDescription);
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Aroha Ngata');
      expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    });
  });

  it("past the sender's budget, shows the server's 'try again in' message and keeps what was typed", async () => {
    await inOneBudgetWindow(3600, () => withPage(browser(), viewport, async (page) => {
      // Spend this e-mail's budget, 3 messages an hour (docs/security.md), through the API (the test stack gives
      // each request an address of its own).
      const email = `budget-${randomUUID().slice(0, 8)}@example.co.nz`;
      const body = { name: 'Aroha Ngata', email, phone: '021 123 4567', message: 'Another question about parking.', company: '' };
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect(res.status).toBe(202);
      }
      await openContact(page);
      const marker = randomUUID();
      await fill(page, { Name: 'Aroha Ngata', Email: email, Phone: '021 123 4567', Message: `One more question (${marker})` });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page).waitFor();
      expect(await toast(page).locator('.toast-title').innerText()).toBe(contactTexts.failureTitle);
      expect(await toast(page).locator('.toast-description').innerText()).toMatch(/^Too many attempts in a short time\. Please try again in \d+ minutes?\.$/);
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(`One more question (${marker})`);
      expect(await outboxWith(marker)).toEqual([]);
    }));
  }, 180_000); // room for a second run after a window edge

  it('has a honeypot people cannot see or tab to; a bot that fills it is told "sent" but nothing is sent', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openContact(page);
      const trap = page.getByLabel('Leave this field empty');
      expect(await trap.getAttribute('tabindex')).toBe('-1');
      expect(await trap.getAttribute('autocomplete')).toBe('off');
      // It sits in a 1x1 clipped box (the sr-only pattern), so nothing of it shows on screen.
      const box = await trap.locator('xpath=..').boundingBox();
      expect(box!.width * box!.height).toBeLessThanOrEqual(1);
      expect(await trap.locator('xpath=..').evaluate((el) => getComputedStyle(el).overflow)).toBe('hidden');

      // Keyboard users go from the message straight to the send button.
      await page.getByLabel('Message', { exact: true }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send Message');

      const marker = randomUUID();
      await fill(page, { Name: 'Spam Bot', Email: 'bot@example.com', Phone: '0000000000', Message: `Buy now (${marker})` });
      await trap.fill('Acme Widgets', { force: true });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page).waitFor();
      expect(await toast(page).locator('.toast-title').innerText()).toBe(contactTexts.successTitle);
      expect(await outboxWith(marker)).toEqual([]);
    });
  });
});
