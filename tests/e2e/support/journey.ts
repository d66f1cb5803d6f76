/**
 * For the journey tests (journey-*.e2e.ts): one whole trip across roles and days, on a stack of the file's own whose
 * clock the file moves. A stack's clock is its process's (local/clock.ts), and this stack's handlers run in this
 * worker: moving it moves no other file's stack (the shared one runs in Vitest's main process). The clock starts at a
 * fixed NZ moment, so every date in a journey is written out, and the stack's stop() puts it back on the real clock.
 *
 * What a journey does not test is seeded through the API (paid checkouts through the Stripe stand-in, walk-ins), and
 * each role signs in once per file (the session handed over as support/session.ts does): one browser context per
 * role, a traveller and yard staff at phone width, an admin at desktop width.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StoredEmail } from '../../../functions/lib/email';
import { keys } from '../../../functions/store/keys';
import { lambdaContext } from '../../../local/lambda-context';
import { nzInstant } from '../../../shared/nz-time';
import type { Booking } from '../../../shared/records';
import { moveClock, readClock } from '../../support/clock';
import { startTestStack, type TestEnv, type TestStack } from '../../support/global-setup';
import { request, type JsonResponse } from '../../support/http';
import { createUser, type TestUser } from '../../support/users';
import { VIEWPORTS, type ViewportName } from './browser';
import { amplifySession } from './session';

/** The NZ instant of a wall-clock date and time, as `{"at"}` takes it. */
export const nz = (date: string, time: string): string => {
  const at = nzInstant({ date, time });
  if (!at) throw new Error(`${date} ${time} does not exist in NZ`);
  return at.toISOString();
};

export interface JourneyStack {
  env: TestEnv;
  baseUrl: string;
  /** Sets the stack's clock to NZ `date` `time` (it runs on from there). */
  at(date: string, time: string): Promise<Date>;
  now(): Promise<Date>;
  api<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  /** Every message the stack "sent" to this address (e-mails and SMS), oldest first. */
  outbox(to: string): Promise<StoredEmail[]>;
  /** The booking as stored. */
  booking(id: string): Promise<Booking>;
  /** One pass of the reminders job, as the local stack's scheduler runs it (local/jobs.ts), on the stack's clock. */
  sendReminders(): Promise<void>;
  user(options?: { admin?: boolean; staff?: boolean; email?: string }): Promise<TestUser>;
}

/**
 * Starts the file's stack (the built SPA, its own table in the shared DynamoDB Local) with the clock at NZ `date`
 * `time`; stops it after the file. The reminders job is left to the journey (sendReminders), so that a test can say
 * a reminder did not go after a pass of the job; the other jobs (refunds) run on their schedule.
 */
export function useJourneyStack(prefix: string, start: { date: string; time: string }): JourneyStack {
  let stack: TestStack | undefined;
  let db: DynamoDBDocumentClient | undefined;
  const live = () => {
    if (!stack) throw new Error('the journey stack has not started');
    return stack;
  };
  beforeAll(async () => {
    stack = await startTestStack('dist', prefix, { LOCAL_JOBS_OFF: 'SendReminders,TrackFlights' });
    db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: stack.env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
    await moveClock(stack.env.baseUrl, { at: nz(start.date, start.time) });
  });
  afterAll(async () => {
    db?.destroy();
    // stop() puts the clock back on the real one (local/server.ts), for whatever this worker runs next.
    await stack?.stop();
  });
  const journey: JourneyStack = {
    get env() {
      return live().env;
    },
    get baseUrl() {
      return live().env.baseUrl;
    },
    at: (date, time) => moveClock(journey.baseUrl, { at: nz(date, time) }),
    now: () => readClock(journey.baseUrl),
    api: (method, path, body, headers = {}) => request(journey.baseUrl, method, path, body, headers),
    async outbox(to) {
      const res = await request<StoredEmail[]>(journey.baseUrl, 'GET', `/_local/outbox.json?to=${encodeURIComponent(to)}`);
      expect(res.status).toBe(200);
      return res.body.filter((m) => m.to.includes(to)).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    },
    async booking(id) {
      const out = await db!.send(new GetCommand({ TableName: live().env.tableName, Key: keys.booking(id), ConsistentRead: true }));
      if (!out.Item) throw new Error(`no booking ${id}`);
      return out.Item as Booking;
    },
    async sendReminders() {
      const job = (await import('../../../functions/jobs/send-reminders')) as { handler: (event: unknown, context: Context) => Promise<void> };
      await job.handler({}, lambdaContext('SendReminders', 300));
    },
    user: (options = {}) => createUser(live().env, options),
  };
  return journey;
}

/** The e-mails (not texts) with a subject starting `subject`. */
export const emailsTitled = (all: StoredEmail[], subject: string) => all.filter((m) => m.channel !== 'sms' && m.subject.startsWith(subject));

/** Waits until an e-mail titled `subject` has reached `to` (a worker may send it a moment later), and answers the latest. */
export async function waitForEmail(journey: JourneyStack, to: string, subject: string): Promise<StoredEmail> {
  let found: StoredEmail | undefined;
  await expect
    .poll(async () => (found = emailsTitled(await journey.outbox(to), subject).at(-1)), { timeout: 15_000, interval: 250, message: `an e-mail "${subject}..." to ${to}` })
    .toBeDefined();
  return found!;
}

/** The booking pass's address in an e-mail. */
export function passLinkIn(email: StoredEmail): string {
  const link = /https?:\/\/\S+\/pass\/p1\.[\w.-]+/.exec(email.text)?.[0];
  if (!link) throw new Error(`no pass link in "${email.subject}"`);
  return link;
}

export interface Role {
  page: Page;
  context: BrowserContext;
  /** Errors thrown in the role's pages so far. */
  errors: string[];
}

/**
 * A browser context for one person at one width (a phone: touch, 390 px), its page's navigations waiting until the
 * app is live as support/browser.ts's do. Closed by closeRoles.
 */
export async function openRole(browser: Browser, viewport: ViewportName): Promise<Role> {
  const isPhone = viewport === 'phone';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: isPhone, hasTouch: isPhone, locale: 'en-NZ', timezoneId: 'Pacific/Auckland', acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true');
    return response;
  };
  return { page, context, errors };
}

/** Signs the role in as `user` once (the session handed over, then `path` opens as after a sign-in). */
export async function signIn(role: Role, journey: JourneyStack, user: TestUser, path: string): Promise<void> {
  await role.page.goto(`${journey.baseUrl}/robots.txt`);
  await role.page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, amplifySession(user, journey.env.userPoolClientId));
  await role.page.goto(`${journey.baseUrl}${path}`);
}

/**
 * Runs a step of the journey with a name, so that a failure says which step broke and what each role's page showed
 * (a waiting step otherwise reports only a time-out).
 */
export async function step<T>(name: string, roles: Record<string, Role | undefined>, fn: () => Promise<T>): Promise<T> {
  try {
    const result = await fn();
    for (const [who, role] of Object.entries(roles)) if (role?.errors.length) throw new Error(`${who}'s page threw: ${role.errors.join('; ')}`);
    return result;
  } catch (error) {
    const shown: string[] = [];
    for (const [who, role] of Object.entries(roles)) {
      if (!role || role.page.isClosed()) continue;
      const text = await role.page.locator('body').innerText({ timeout: 2_000 }).catch(() => '');
      shown.push(`${who} at ${role.page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 500)}`);
    }
    throw new Error(`Step "${name}" failed: ${(error as Error).message}\n${shown.join('\n')}`, { cause: error });
  }
}

export async function closeRoles(...roles: (Role | undefined)[]): Promise<void> {
  await Promise.all(roles.map((r) => r?.context.close().catch(() => {})));
}
