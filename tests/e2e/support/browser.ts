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
 * The browser for the test file; call at the top level of a test file. Each test gets a page that nothing of an
 * earlier test's reaches (withPage); pages a file left open are closed after it, and the idle ones kept for the next
 * test are emptied as they are put back.
 */
export function useBrowser(): { browser: () => Browser; baseUrl: string } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    const kept = new Set(idleLeases(browser).map((l) => l.context));
    await Promise.all(browser?.contexts().filter((c) => !kept.has(c)).map((c) => c.close()) ?? []);
  });
  return { browser: () => browser!, baseUrl: inject('baseUrl') };
}

/**
 * A page and its context, reused from test to test at one width. Opening a page starts a renderer process, and on
 * this CI's virtual machine that cost about 1 CPU-second a page: more than loading the page itself (bench/README.md).
 * A page is reused only if its test passed, stayed on the stack's origin and changed nothing that cannot be undone
 * (an init script, a route, emulated media, a viewport); before the next test it is taken to a static file of the site
 * (the app's scripts stop), and its cookies, local and session storage, IndexedDB and Cache Storage are emptied. The
 * HTTP cache is kept, as a returning visitor's browser keeps it.
 */
interface Lease {
  context: BrowserContext;
  page: Page;
  viewport: ViewportName;
  errors: string[];
  /** Handlers a test added to the page, removed when it ends. */
  added: [string, (...args: never[]) => unknown][];
  /** Why this page cannot be handed to another test, once something made it so. */
  spoiled?: string;
}

const idle = new WeakMap<Browser, Lease[]>();
function idleLeases(browser: Browser | undefined): Lease[] {
  if (!browser) return [];
  let leases = idle.get(browser);
  if (!leases) idle.set(browser, (leases = []));
  return leases;
}

/** Methods whose effect outlives the test (no call takes it back for every case): a page that used one is closed after. */
const LASTING = {
  context: ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setOffline', 'setHTTPCredentials'],
  page: ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'emulateMedia', 'setViewportSize', 'setExtraHTTPHeaders'],
  clock: ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor'],
} as const;

function spoilOnCall(target: object, names: readonly string[], lease: Lease, what: string) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      lease.spoiled ??= `${what}.${name}`;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

async function openLease(browser: Browser, viewport: ViewportName): Promise<Lease> {
  const isPhone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
  });
  const page = await context.newPage();
  const lease: Lease = { context, page, viewport, errors: [], added: [] };
  // Pre-rendered pages show before they work: after each navigation, wait until the app is live (pages without
  // the app, such as the Stripe stand-in's, have no #root and are not waited for).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true');
    return response;
  };
  page.on('pageerror', (e) => lease.errors.push(e.message));
  const home = new URL(inject('baseUrl')).origin;
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    if (url !== 'about:blank' && new URL(url).origin !== home) lease.spoiled ??= `left the stack's origin for ${url}`;
  });
  recordListeners(page, lease);
  spoilOnCall(context, LASTING.context, lease, 'context');
  spoilOnCall(page, LASTING.page, lease, 'page');
  spoilOnCall(context.clock, LASTING.clock, lease, 'clock');
  return lease;
}

/** From here on, every handler added to the page is noted, so that the test's can be taken off when it ends. */
function recordListeners(page: Page, lease: Lease) {
  const methods = page as unknown as Record<string, (event: string, listener: (...args: never[]) => unknown) => unknown>;
  for (const name of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']) {
    const original = methods[name]!;
    methods[name] = (event, listener) => {
      lease.added.push([event, listener]);
      return original.call(page, event, listener);
    };
  }
}

/** Empties a page that served a test; false if it cannot serve another. */
async function emptied(lease: Lease): Promise<boolean> {
  const { context, page } = lease;
  if (lease.spoiled || page.isClosed()) return false;
  for (const other of context.pages()) if (other !== page) await other.close();
  // Handlers the test added (dialogs, requests, console) go with it.
  for (const [event, listener] of lease.added.splice(0)) page.off(event as 'load', listener as never);
  // A static file of the site: the app's scripts stop, and the origin's storage can be emptied from inside it.
  await page.goto(`${inject('baseUrl')}/robots.txt`);
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const db of (await indexedDB.databases?.()) ?? []) if (db.name) indexedDB.deleteDatabase(db.name);
    for (const key of (await caches?.keys()) ?? []) await caches.delete(key);
  });
  await context.clearCookies();
  return !lease.spoiled;
}

/**
 * A page at a viewport, empty of anything an earlier test left, for the length of `fn`: a kept one when there is one
 * (see Lease), else a new context and page. Errors thrown in the page fail the test.
 */
export async function withPage<T>(browser: Browser, viewport: ViewportName, fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const leases = idleLeases(browser);
  const at = leases.findIndex((l) => l.viewport === viewport);
  const lease = at >= 0 ? leases.splice(at, 1)[0]! : await openLease(browser, viewport);
  lease.errors.length = 0;
  let passed = false;
  // E2E_TRACE_DIR: a Chromium trace per test (where the browser's CPU goes; bench/README.md, "Test suite").
  const traceDir = process.env.E2E_TRACE_DIR;
  if (traceDir) await browser.startTracing(lease.page, { path: `${traceDir}/${Date.now()}-${viewport}.json`, categories: ['devtools.timeline', 'v8', 'blink', 'cc', 'toplevel', 'viz'] });
  try {
    const result = await fn(lease.page, lease.context);
    if (lease.errors.length) throw new Error(`Page errors: ${lease.errors.join('; ')}`);
    passed = true;
    return result;
  } catch (e) {
    // Where the page was and what it showed, for a failure that a waiting step reports only as a time-out.
    if (!lease.page.isClosed()) {
      const shown = await lease.page.locator('body').innerText({ timeout: 2_000 }).catch(() => '');
      console.error(`The failing test's page was at ${lease.page.url()}, showing: ${shown.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
    throw e;
  } finally {
    if (traceDir) await browser.stopTracing();
    const reusable = passed && browser.isConnected() && (await emptied(lease).catch(() => false));
    if (reusable) leases.push(lease);
    else await lease.context.close().catch(() => {});
  }
}
