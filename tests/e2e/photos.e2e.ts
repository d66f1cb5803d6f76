/**
 * The vehicle photos panel in the customer's booking edit dialog, at desktop and phone widths: nothing chosen,
 * a non-image refused on choosing, a PDF renamed .jpg refused by the server's check, two photos uploaded with a
 * type and a description, then seen in 'View Existing Photos' (grid, larger view, keyboard).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { photoMessages } from '../../shared/photos';
import { createUser } from '../support/users';
import { pdf, png } from '../support/images';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { signInToDashboard } from './support/flow';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('vehicle photos at %s width', (viewport) => {
  it('a customer uploads photos from the edit dialog and sees them in View Existing Photos; non-images are refused', async () => {
    const user = await createUser(env, { email: `photos-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const started = await checkout(checkoutBody({ customer: { email: user.email, carRegistration: 'PHOTO1' } }), { authorization: `Bearer ${user.idToken}` });
    await payOnPage(started.sessionId);

    await withPage(browser(), viewport, async (page) => {
      await signInToDashboard(page, baseUrl, user);
      await page.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: /^Edit booking RP-/ });
      const panel = edit.getByRole('region', { name: 'Vehicle photos' });
      await panel.waitFor();

      // Nothing chosen: the panel's toast (shared/photos.ts).
      await panel.getByRole('button', { name: 'Upload Photos' }).click();
      const noneToast = page.locator('.toast', { hasText: photoMessages.noneSelectedTitle });
      await noneToast.waitFor();
      expect(await noneToast.textContent()).toContain(photoMessages.noneSelected);

      // A real photo from the browser's own encoder, and a PNG made here.
      const jpegBase64 = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 16;
        canvas.height = 12;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#1d4e89';
        ctx.fillRect(0, 0, 16, 12);
        return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
      });
      const input = panel.getByLabel('Choose photos');

      // A non-image is refused as soon as it is chosen; the images beside it are kept.
      await input.setInputFiles([
        { name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf() },
        { name: 'front.png', mimeType: 'image/png', buffer: png(24, 16, [200, 30, 30]) },
        { name: 'door.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegBase64, 'base64') },
      ]);
      await panel.getByRole('alert').filter({ hasText: `notes.pdf: ${photoMessages.notAnImage}` }).waitFor();
      const chosen = panel.getByRole('list', { name: 'Photos to upload' });
      expect(await chosen.getByRole('listitem').count()).toBe(2);
      await chosen.getByRole('img', { name: 'Preview of front.png' }).waitFor();
      expect(await chosen.getByRole('img', { name: 'Preview of door.jpg' }).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(16);

      const panelAxe = await axeBuilder(page).include('.photos-panel').analyze();
      expect(panelAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await panel.getByLabel('Photo type for door.jpg').selectOption({ label: 'Damage inspection' });
      await panel.getByLabel('Description for door.jpg (optional)').fill('Scratch on the left door');
      expect(await panel.getByLabel('Photo type for front.png').inputValue()).toBe('drop_off');
      await panel.getByRole('button', { name: 'Upload 2 Photos' }).click();
      const success = page.locator('.toast', { hasText: photoMessages.uploadedTitle });
      await success.waitFor();
      expect(await success.textContent()).toContain('2 photos uploaded.');
      await chosen.waitFor({ state: 'detached' });

      // A PDF renamed .jpg passes the browser's type check; the server reads its first bytes and refuses it.
      await input.setInputFiles([{ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: pdf() }]);
      await panel.getByRole('button', { name: 'Upload Photos' }).click();
      await panel.getByRole('alert').filter({ hasText: `scan.jpg: ${photoMessages.notImageContent}` }).waitFor();
      const failed = page.locator('.toast', { hasText: photoMessages.failedTitle });
      await failed.waitFor();
      expect(await failed.textContent()).toContain(photoMessages.notImageContent);
      await panel.getByRole('button', { name: 'Remove scan.jpg' }).click();

      // View Existing Photos: the two photos in a grid; open one, move with the keyboard, come back.
      await panel.getByRole('button', { name: 'View Existing Photos' }).click();
      const existing = page.getByRole('dialog', { name: /^Existing photos/ });
      await existing.getByText('2 photos, newest first').waitFor();
      const axe = await axeBuilder(page).include('.photos-dialog').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      const grid = existing.getByRole('list', { name: 'Photos' });
      expect(await grid.getByRole('listitem').count()).toBe(2);
      const damage = grid.getByRole('button', { name: /^Open Damage inspection photo: Scratch on the left door, uploaded / });
      await damage.focus();
      await page.keyboard.press('Enter');
      const large = existing.getByRole('img', { name: 'Damage inspection photo: Scratch on the left door' });
      await large.waitFor();
      // The signed view URL serves the stored JPEG: the browser decodes it at its real size.
      expect(await large.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(16);
      await existing.getByText(/Uploaded by you on /).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back to all photos');
      await page.keyboard.press('ArrowRight');
      await existing.getByRole('img', { name: 'Drop-off photo' }).waitFor();
      await page.keyboard.press('Enter'); // Back to all photos
      await grid.waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Open Damage inspection photo/);
      await page.keyboard.press('Escape');
      await existing.waitFor({ state: 'detached' });
      await edit.getByRole('button', { name: 'Save Changes' }).waitFor();
    });
  });
});

describe('a phone camera photo over 10 MB', () => {
  it('is resized in the browser to a JPEG under the limit and uploaded', async () => {
    const user = await createUser(env, { email: `photos-big-${randomUUID().slice(0, 6)}@example.com` });
    const started = await checkout(checkoutBody({ customer: { email: user.email, carRegistration: 'BIG1' } }), { authorization: `Bearer ${user.idToken}` });
    await payOnPage(started.sessionId);

    await withPage(browser(), 'desktop', async (page) => {
      await signInToDashboard(page, baseUrl, user);
      await page.getByRole('button', { name: /^Edit booking/ }).click();
      const panel = page.getByRole('dialog', { name: /^Edit booking RP-/ }).getByRole('region', { name: 'Vehicle photos' });
      await panel.waitFor();

      // Noise at full quality makes a JPEG over 10 MB; it is made and chosen inside the page, as a camera roll would hand it over.
      const chosenSize = await panel.getByLabel('Choose photos').evaluate(async (input: HTMLInputElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = 3000;
        canvas.height = 2000;
        const ctx = canvas.getContext('2d')!;
        const pixels = ctx.createImageData(canvas.width, canvas.height);
        let seed = 42;
        for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
        ctx.putImageData(pixels, 0, 0);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1));
        const transfer = new DataTransfer();
        transfer.items.add(new File([blob], 'IMG_4032.jpg', { type: 'image/jpeg' }));
        input.files = transfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        return blob.size;
      });
      expect(chosenSize).toBeGreaterThan(10 * 1024 * 1024);
      await panel.getByRole('img', { name: 'Preview of IMG_4032.jpg' }).waitFor();
      await panel.getByRole('button', { name: 'Upload Photos' }).click();
      await page.locator('.toast', { hasText: photoMessages.uploadedTitle }).waitFor();

      await panel.getByRole('button', { name: 'View Existing Photos' }).click();
      const existing = page.getByRole('dialog', { name: /^Existing photos/ });
      await existing.getByRole('button', { name: /^Open Drop-off photo/ }).click();
      const caption = await existing.getByText(/^IMG_4032\.jpg, [\d.]+ MB\./).textContent();
      const mb = Number(/, ([\d.]+) MB/.exec(caption!)![1]);
      expect(mb).toBeGreaterThan(0);
      expect(mb).toBeLessThanOrEqual(10);
    });
  });
});
