import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack } from './local/server.ts';
const stack = await startLocalStack({ port: 0, dataDir: mkdtempSync(path.join(os.tmpdir(), 'shots-')), inMemoryTable: true, spa: 'dist', createAdmin: false });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = process.argv.slice(2);
for (const vp of [{ n: 'desktop', width: 1280, height: 800 }, { n: 'phone', width: 390, height: 844 }]) {
  const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
  for (const p of pages) {
    await page.goto(stack.url + p);
    await page.locator('main h1').first().waitFor();
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 30)); } window.scrollTo(0, 0); });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/info-shots/${vp.n}${p.replace(/\//g, '_') || '_home'}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
await stack.stop();
process.exit(0);
