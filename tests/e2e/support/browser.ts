/**
 * Playwright without its browser downloads: playwright-core drives Debian's Chromium (or CHROMIUM_PATH). It prefers
 * Debian's chromium-headless-shell, the same Chromium build without the browser's windowing layers, which
 * Playwright itself uses for headless runs: on 2 cores it ran the same three test files in 135 s against 185 s
 * with the full browser (the browser process used 24 s of CPU against 64 s). The flags keep a closed network quiet.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const viewportNames = Object.keys(VIEWPORTS) as ViewportName[];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: install Debian\'s chromium (apt-get install chromium-headless-shell) or set CHROMIUM_PATH');
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * This worker's browser, shared by the test files it runs: the config runs files without isolation, so this module
 * (and the browser) lives from one file to the next, and a launch per file (33 of them) is saved. A browser that
 * went away (crashed) is launched again by the next file.
 */
let workerBrowser: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = launchBrowser();
    workerBrowser = launched;
    launched.then(
      (b) => b.on('disconnected', () => {
        if (workerBrowser === launched) workerBrowser = undefined;
      }),
      () => {
        if (workerBrowser === launched) workerBrowser = undefined;
      },
    );
  }
  return workerBrowser;
}

/**
 * The browser for the test file; call at the top level of a test file. Each test opens its own context (withPage), so
 * nothing a file does (cookies, storage, sign-ins) reaches the next; contexts a file left open are closed after it.
 */
export function useBrowser(): { browser: () => Browser; baseUrl: string } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
  });
  return { browser: () => browser!, baseUrl: inject('baseUrl') };
}

/** A fresh context and page at a viewport; closes them when `fn` ends. Console errors fail the test. */
export async function withPage<T>(browser: Browser, viewport: ViewportName, fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const isPhone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
  });
  const page = await context.newPage();
  // Pre-rendered pages show before they work: after each navigation, wait until the app is live (pages without
  // the app, such as the Stripe stand-in's, have no #root and are not waited for).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true');
    return response;
  };
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const result = await fn(page, context);
    if (errors.length) throw new Error(`Page errors: ${errors.join('; ')}`);
    return result;
  } finally {
    await context.close();
  }
}
