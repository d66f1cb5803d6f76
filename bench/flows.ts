/**
 * Signed-in flows, timed in headless Chromium against the built site on the bench's local stack, each run in a fresh
 * browser context (an empty cache: a new user's first visit): a customer's dashboard and View pass (to the pass's QR
 * code), Pay Now (to the Stripe stand-in's page) and paying (to 'Payment Successful'), staff's `/yard` (to today's
 * list) and an admin's `/admin` (to the bookings list) and a search in it. Prints the median of the runs
 * (`BENCH_FLOWS_RUNS`, default 5) and, for the median run of each step, what it waited on: every request with its
 * start (from the step's start), its time and the server's part of it (request sent to first byte), the scripts it
 * fetched, and the main thread's JS time (Chromium's ScriptDuration) spent in the step.
 * Nothing asserts: the figures are to compare before and after a change, on one machine.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Request } from 'playwright-core';
import { cognitoClient, createVerifiedUser, randomPassword } from '../local/provision';
import type { LocalStack } from '../local/server';
import { toDateInput } from '../shared/date-input';
import { addDays, nzToday } from '../shared/nz-time';
import type { BenchModule } from './context';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const RUNS = Number(process.env.BENCH_FLOWS_RUNS ?? 5);

interface User {
  email: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

async function makeUser(stack: LocalStack, role: { admin?: boolean; staff?: boolean } = {}): Promise<User> {
  const client = cognitoClient(stack.endpoints.cognito, stack.cognitoAdminSecret);
  const email = `bench-flows-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomPassword();
  await createVerifiedUser(client, stack.pool.userPoolId, { email, password, ...role });
  const auth = await client.send(new InitiateAuthCommand({ ClientId: stack.pool.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const r = auth.AuthenticationResult!;
  return { email, idToken: r.IdToken!, accessToken: r.AccessToken!, refreshToken: r.RefreshToken! };
}

/** The customer's paid booking (deposit, a balance due), made through the API as the site makes it, signed in. */
async function seedBooking(url: string, user: User, n: number): Promise<void> {
  // A busy machine may answer 503 with Retry-After (the checkout's time budget): wait and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAndPay(url, user, n);
    } catch (e) {
      if (attempt >= 5 || !String(e).includes('answered 503')) throw e;
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
}

async function startAndPay(url: string, user: User, n: number): Promise<void> {
  const today = nzToday(new Date());
  const res = await fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify({
      quote: { dropOffDate: addDays(today, 3 + n), dropOffTime: '09:00', pickUpDate: addDays(today, 10 + n), pickUpTime: '11:00', carWash: false },
      customer: { firstName: 'Bench', lastName: 'Flows', email: user.email, contactNumber: `021 555 ${1000 + n}`, carRegistration: `BFL${n}` },
      paymentType: 'deposit',
    }),
  });
  const started = (await res.json()) as { sessionId?: string };
  if (res.status !== 201 || !started.sessionId) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(started)}`);
  await fetch(`${url}/_local/stripe/checkout/${started.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
}

/** Amplify v6's stored session (tests/e2e/support/session.ts does the same for the browser tests). */
async function signIn(page: Page, url: string, clientId: string, user: User) {
  const client = `CognitoIdentityServiceProvider.${clientId}`;
  const prefix = `${client}.${user.email}`;
  const entries = { [`${client}.LastAuthUser`]: user.email, [`${prefix}.accessToken`]: user.accessToken, [`${prefix}.idToken`]: user.idToken, [`${prefix}.refreshToken`]: user.refreshToken, [`${prefix}.clockDrift`]: '0' };
  await page.goto(`${url}/robots.txt`);
  await page.evaluate((e) => {
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
}

interface Fetched {
  what: string;
  type: string;
  /** ms from the step's start. */
  start: number;
  total: number;
  /** Request sent to first byte: the server's part (and the local network's, nil here). */
  server: number;
  bytes: number;
}

interface Step {
  ms: number;
  lcp?: number;
  scriptMs: number;
  requests: Fetched[];
}

/** Records the page's requests and its JS time from `begin()` to `end()`. */
class Recorder {
  private records: { req: Request; at: number }[] = [];
  private t0 = 0;
  private script0 = 0;
  private cdp!: CDPSession;
  constructor(private page: Page) {
    page.on('requestfinished', (req) => this.records.push({ req, at: Date.now() }));
  }
  async attach(context: BrowserContext) {
    this.cdp = await context.newCDPSession(this.page);
    await this.cdp.send('Performance.enable');
  }
  private async scriptSeconds(): Promise<number> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  }
  async begin() {
    this.records = [];
    this.script0 = await this.scriptSeconds();
    this.t0 = Date.now();
  }
  async end(lcp = false): Promise<Step> {
    const ms = Date.now() - this.t0;
    const script = await this.scriptSeconds();
    // A step that left for another document (the stand-in's page) restarted the count there.
    const scriptMs = (script >= this.script0 ? script - this.script0 : script) * 1000;
    const requests: Fetched[] = [];
    for (const { req } of this.records) {
      const t = req.timing();
      const size = await req.sizes().catch(() => ({ responseBodySize: 0 }));
      const u = new URL(req.url());
      requests.push({
        what: `${req.method()} ${u.pathname.replace(/[A-Za-z0-9_-]{20,}/g, '<id>')}${u.search ? '?…' : ''}`,
        type: req.resourceType(),
        start: Math.round(t.startTime - this.t0),
        total: Math.round(t.responseEnd),
        server: Math.round(t.responseStart - t.requestStart),
        bytes: size.responseBodySize,
      });
    }
    requests.sort((a, b) => a.start - b.start);
    const step: Step = { ms, scriptMs, requests };
    if (lcp) {
      step.lcp = await this.page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(NaN), 1000);
          }),
      );
    }
    return step;
  }
}

async function typeDate(page: Page, label: string, iso: string, nextId: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(toDateInput(iso).replace(/\//g, ''));
  await page.waitForFunction((id) => document.activeElement?.id === id, nextId);
}

type Steps = Record<string, Step>;

async function customerRun(browser: Browser, stack: LocalStack, customer: User, n: number): Promise<Steps> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-NZ', timezoneId: 'Pacific/Auckland' });
  const steps: Steps = {};
  try {
    const page = await context.newPage();
    const rec = new Recorder(page);
    await rec.attach(context);
    await signIn(page, stack.url, stack.pool.userPoolClientId, customer);
    await rec.begin();
    await page.goto(`${stack.url}/customer-dashboard`);
    const viewPass = page.getByRole('button', { name: /^View pass for booking/ }).first();
    await viewPass.waitFor({ timeout: 30_000 });
    steps['dashboard: first load to View pass'] = await rec.end(true);

    await rec.begin();
    await viewPass.click();
    await page.getByRole('img', { name: /^QR code for booking/ }).waitFor({ timeout: 30_000 });
    steps['View pass: click to the QR code'] = await rec.end();

    // A new booking, signed out as the walk was: the quote, the details, then the timed steps.
    await page.evaluate(() => localStorage.clear());
    const today = nzToday(new Date());
    await page.goto(`${stack.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await typeDate(page, 'Drop-off date', addDays(today, 20 + (n % 30)), 'dropoff-time');
    await typeDate(page, 'Pick-up date', addDays(today, 24 + (n % 30)), 'pickup-time');
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await page.getByTestId('quote-total').waitFor();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
    const fields: [string, string][] = [
      ['First Name', 'Aroha'],
      ['Last Name', 'Bench'],
      ['Email', `bench-walk-${randomUUID().slice(0, 8)}@example.com`],
      ['Contact Number', `021 ${String(1_000_000 + n)}`],
      ['Car Registration', `BW${n}`],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();

    await rec.begin();
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    const payButton = page.getByRole('button', { name: /^Pay\b/ });
    await page.waitForURL((u) => u.pathname.startsWith('/_local/stripe/checkout/'), { timeout: 30_000 });
    await payButton.waitFor();
    steps['Pay Now: click to the payment page'] = await rec.end();

    await rec.begin();
    await payButton.click();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
    steps['pay: click to Payment Successful'] = await rec.end();
  } finally {
    await context.close();
  }
  return steps;
}

async function staffRun(browser: Browser, stack: LocalStack, staff: User, admin: User, surname: string): Promise<Steps> {
  const steps: Steps = {};
  for (const [who, user] of [
    ['staff', staff],
    ['admin', admin],
  ] as const) {
    const context = await browser.newContext({ viewport: who === 'staff' ? { width: 390, height: 844 } : { width: 1280, height: 800 }, isMobile: who === 'staff', locale: 'en-NZ', timezoneId: 'Pacific/Auckland' });
    try {
      const page = await context.newPage();
      const rec = new Recorder(page);
      await rec.attach(context);
      await signIn(page, stack.url, stack.pool.userPoolClientId, user);
      if (who === 'staff') {
        await rec.begin();
        await page.goto(`${stack.url}/yard`);
        await page.waitForFunction(() => !!document.querySelector('.yard-page') && !document.querySelector('.yard-page')!.textContent!.includes('Loading today...'), undefined, { timeout: 30_000 });
        steps['/yard: first load to the day list'] = await rec.end(true);
      } else {
        await rec.begin();
        await page.goto(`${stack.url}/admin`);
        await page.locator('.admin-table tbody tr').first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => !document.querySelector('.admin-summary[aria-busy]'));
        steps['/admin: first load to the bookings list'] = await rec.end(true);

        const search = page.getByLabel('Search bookings');
        await search.fill(surname);
        await rec.begin();
        await search.press('Enter');
        await page.waitForFunction((s) => {
          const rows = [...document.querySelectorAll('.admin-table tbody tr')];
          return !document.querySelector('.admin-list[aria-busy]') && rows.length > 0 && rows.every((r) => r.textContent!.includes(s));
        }, surname, { timeout: 30_000 });
        steps['/admin: a search to its rows'] = await rec.end();
      }
    } finally {
      await context.close();
    }
  }
  return steps;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
const kb = (b: number) => (b / 1024).toFixed(1);

function printBreakdown(name: string, step: Step) {
  console.log(`\n  ${name}: the median run, ${step.ms} ms, JS ${step.scriptMs.toFixed(0)} ms${step.lcp !== undefined ? `, LCP ${step.lcp.toFixed(0)} ms` : ''}`);
  const scripts = step.requests.filter((r) => r.type === 'script');
  console.log(`    scripts: ${scripts.length}, ${kb(scripts.reduce((s, r) => s + r.bytes, 0))} KB as sent; the last ends at ${Math.max(0, ...scripts.map((r) => r.start + r.total))} ms`);
  for (const r of step.requests) {
    if (r.type === 'script' || r.type === 'stylesheet' || r.type === 'image' || r.type === 'font') continue;
    console.log(`    ${String(r.start).padStart(6)} ms +${String(r.total).padStart(5)} ms (server ${String(r.server).padStart(5)} ms)  ${r.what}`);
  }
  // Waves: a script that starts after every earlier one has arrived waited for them (a chunk asked for by code that ran).
  const waves: Fetched[][] = [];
  let end = -Infinity;
  for (const r of scripts) {
    if (r.start > end) waves.push([]);
    waves[waves.length - 1]!.push(r);
    end = Math.max(end, r.start + r.total);
  }
  for (const w of waves) {
    const names = w.map((r) => r.what.replace(/^GET \/assets\//, '')).slice(0, 4).join(', ');
    console.log(`    script wave ${w[0]!.start}-${Math.max(...w.map((r) => r.start + r.total))} ms: ${w.length} file(s), ${kb(w.reduce((s, r) => s + r.bytes, 0))} KB (${names}${w.length > 4 ? ', ...' : ''})`);
  }
}

const flows: BenchModule = {
  title: 'Flows: signed-in steps in headless Chromium (dashboard, View pass, Pay Now, pay, /yard, /admin)',
  async run(ctx) {
    const stack = await ctx.stack();
    // As `npm start` does, every handler module is loaded before the first visitor (local/gateway.ts, warm).
    await stack.warmed;
    const [customer, staff, admin] = await Promise.all([makeUser(stack), makeUser(stack, { staff: true }), makeUser(stack, { admin: true })]);
    for (let i = 0; i < 3; i++) await seedBooking(stack.url, customer, i);
    let browser: Browser | undefined;
    const runs: Steps[] = [];
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
      for (let i = 0; i < RUNS; i++) {
        const steps = { ...(await customerRun(browser, stack, customer, i)), ...(await staffRun(browser, stack, staff, admin, 'Flows')) };
        runs.push(steps);
      }
    } finally {
      await browser?.close();
    }
    console.log(`  ${RUNS} runs, each in a fresh browser context (empty cache); median ms (all runs)`);
    for (const name of Object.keys(runs[0]!)) {
      const all = runs.map((r) => r[name]!);
      const ms = all.map((s) => s.ms);
      const lcps = all.map((s) => s.lcp).filter((x): x is number => x !== undefined);
      ctx.report(name, median(ms), `ms (${ms.join(' ')})${lcps.length ? `, LCP ${median(lcps).toFixed(0)} ms` : ''}, JS ${median(all.map((s) => s.scriptMs)).toFixed(0)} ms`);
    }
    for (const name of Object.keys(runs[0]!)) {
      const all = runs.map((r) => r[name]!);
      const m = median(all.map((s) => s.ms));
      printBreakdown(name, all.find((s) => s.ms === m)!);
    }
  },
};
export default flows;
