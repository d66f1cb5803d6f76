/** The FAQ accordion: one answer open at a time, collapsible, and usable with the keyboard alone. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAQ } from '../../web/src/features/info/content/faq';
import { useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();

/** Which questions are expanded, by the state screen readers are told (aria-expanded). */
const expanded = (page: Page) =>
  page.locator('.faq-trigger').evaluateAll((els) => els.flatMap((el, i) => (el.getAttribute('aria-expanded') === 'true' ? [i] : [])));

const visibleAnswers = (page: Page) => page.locator('.faq-answer:visible').allInnerTexts();

async function openFaq(page: Page) {
  await page.goto(`${baseUrl}/faq`);
  await page.locator('.faq-trigger').first().waitFor();
}

describe.each(viewportNames)('FAQ accordion (%s)', (viewport) => {
  it('starts closed, opens one answer at a time and closes it again', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openFaq(page);
      expect(await expanded(page)).toEqual([]);
      expect(await visibleAnswers(page)).toEqual([]);

      await page.getByRole('button', { name: FAQ[0]!.question }).click();
      expect(await expanded(page)).toEqual([0]);
      expect(await visibleAnswers(page)).toEqual([FAQ[0]!.answer.join('\n\n')]);

      await page.getByRole('button', { name: FAQ[5]!.question }).click();
      expect(await expanded(page)).toEqual([5]);
      expect(await visibleAnswers(page)).toEqual([FAQ[5]!.answer.join('\n\n')]);

      await page.getByRole('button', { name: FAQ[5]!.question }).click();
      expect(await expanded(page)).toEqual([]);
      expect(await visibleAnswers(page)).toEqual([]);
    });
  });

  it('works with the keyboard alone: Tab to a question, Enter or Space to toggle, arrows between questions', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openFaq(page);
      // Tab from the page heading region until the first question has focus.
      await page.locator('main h1').click();
      for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('faq-trigger'))); i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FAQ[0]!.question);

      await page.keyboard.press('Enter');
      expect(await expanded(page)).toEqual([0]);

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FAQ[2]!.question);
      await page.keyboard.press('Space');
      expect(await expanded(page)).toEqual([2]);

      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FAQ[19]!.question);
      await page.keyboard.press('Enter');
      expect(await expanded(page)).toEqual([19]);
      await page.keyboard.press('Enter');
      expect(await expanded(page)).toEqual([]);

      await page.keyboard.press('Home');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FAQ[0]!.question);
    });
  });

  it('each question is a heading with a button that controls its answer', async () => {
    await withPage(browser(), viewport, async (page) => {
      await openFaq(page);
      expect(await page.locator('main h2 > button.faq-trigger').count()).toBe(20);
      const trigger = page.getByRole('button', { name: FAQ[3]!.question });
      await trigger.click();
      const controls = await trigger.getAttribute('aria-controls');
      expect(await page.locator(`[id="${controls}"]`).innerText()).toBe(FAQ[3]!.answer.join('\n\n'));
    });
  });
});
