/**
 * Every route of functions/routes.ts against bad input ("Keep it true"): generated junk bodies (wrong
 * types, nested junk, `__proto__` keys, huge strings, non-JSON, empty), bad path parameters, query strings and
 * headers, as anonymous, a customer and an admin. Whatever comes in: never a 5xx, every 4xx is JSON {message},
 * and a refused request writes nothing (the table is compared before and after each one, the outbox too).
 *
 * It walks the route table, so a route added tomorrow is covered the day it is added. It runs its own local
 * stack (in-memory table), so the before/after comparison sees only its own requests.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../functions/routes';
import type { LocalStack } from '../../local/server';
import { startTestStack, type TestStack } from '../support/global-setup';
import { tableReader } from '../support/table';
import { createUser, type TestUser } from '../support/users';

/** Runs per generated property (per route and caller); the whole file sends a few hundred requests. */
const RUNS = 3;

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

let testStack: TestStack;
let stack: LocalStack;
let dataDir: string;
let table: ReturnType<typeof tableReader>;
let callers: { name: 'anonymous' | 'customer' | 'admin'; user: TestUser | null }[];
let snapshot = '';

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-bad-input-');
  const { env } = testStack;
  stack = testStack.stack;
  dataDir = env.dataDir;
  table = tableReader(env);
  const [customer, admin] = await Promise.all([createUser(env), createUser(env, { admin: true })]);
  callers = [
    { name: 'anonymous', user: null },
    { name: 'customer', user: customer },
    { name: 'admin', user: admin },
  ];
  snapshot = await state();
}, 120_000);

afterAll(async () => {
  table?.close();
  await testStack?.stop();
});

/** What a refused request must leave as it was: every item of the table, and the e-mails sent. */
async function state(): Promise<string> {
  const items = (await table.scan()).map((i) => JSON.stringify(i)).sort();
  let mails: string[] = [];
  try {
    mails = readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    /* no e-mail yet */
  }
  return JSON.stringify({ items, mails });
}

/** A raw request: any method may carry a body, the path goes out exactly as given. */
function send(method: string, rawPath: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const url = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: url.port, method, path: rawPath, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The rules every answer keeps; a refused one must also have written nothing. */
async function check(label: string, answer: Answer): Promise<void> {
  const what = `${label} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  const after = await state();
  if (answer.status >= 400) {
    expect(answer.contentType, what).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as { message?: unknown };
    expect(typeof body.message, what).toBe('string');
    expect(body.message, what).not.toMatch(/Error:|at .*\(|node_modules|\.ts:\d/);
    expect(after === snapshot, `${what}: a refused request changed the table or sent mail`).toBe(true);
  }
  snapshot = after;
}

/** A path for the route with each parameter replaced; ids get the shape the product makes (so the body is what is judged). */
function pathOf(route: RouteDef, value: (param: string) => string = validShape): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => value(name));
}
const validShape = (param: string) => (param === 'sessionId' ? `cs_test_${randomUUID().replace(/-/g, '')}` : randomUUID());

const authOf = (user: TestUser | null): Record<string, string> => (user ? { authorization: user.bearer } : {});

// Junk of every JSON type, nested a little.
const { junk } = fc.letrec((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('junk'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('junk'), { maxKeys: 3 }),
  ),
}));

/** Names the API's bodies use, so junk lands on real fields as well as unknown ones. */
const FIELD_NAMES = ['name', 'email', 'phone', 'message', 'company', 'quote', 'customer', 'paymentType', 'cost', 'dropOffDate', 'dropOffTime', 'pickUpDate', 'pickUpTime', 'carWash', 'car_registration', 'drop_off_date', 'payment_type', 'first_name', 'last_name', 'address', 'status', 'version', 'reason', 'fileName', 'contentType', 'size', 'uploadType', 'description', 'contact_number', 'notes'];

const hugeString = fc.integer({ min: 70_000, max: 90_000 }).map((n) => 'x'.repeat(n));

/** A body no route should take: [label, raw text]. */
const badBody: fc.Arbitrary<[string, string]> = fc.oneof(
  junk.map((v) => ['junk JSON', JSON.stringify(v) ?? 'null'] as [string, string]),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), junk, { minKeys: 1, maxKeys: 6 }).map((v) => ['known fields, wrong values', JSON.stringify(v)] as [string, string]),
  fc.constantFrom(
    ['prototype keys', '{"__proto__":{"admin":true,"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"x":1}}'],
    ['prototype keys in a field', '{"customer":{"__proto__":{"email":"a@b.nz"}},"quote":{"constructor":{"prototype":{}}}}'],
    ['deep nesting', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`],
    ['deep array', `${'['.repeat(3000)}${']'.repeat(3000)}`],
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['not JSON', 'name=Aroha&email=a@b.nz'],
    ['truncated JSON', '{"name":"Aroha","email":'],
    ['NUL and controls', '{"name":"A\\u0000\\u000b\\u2028","email":"a@b.nz\\u0000"}'],
  ) as fc.Arbitrary<[string, string]>,
  hugeString.map((s) => ['huge string', JSON.stringify({ message: s, name: s })] as [string, string]),
  fc.string({ maxLength: 200 }).map((s) => ['text', s] as [string, string]),
);

const badParam: [string, string][] = [
  ['a lone %', '%'],
  ['a bad escape', '%zz'],
  ['a cut UTF-8 escape', '%E0%A4%A'],
  ['very long', 'a'.repeat(4000)],
  ['unicode', encodeURIComponent('🚗ünï-çødé')],
  ['dots', '..'],
  ['an encoded slash', 'a%2Fb'],
  ['a NUL', '%00'],
];

const badQuery = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 4 }).map((d) => `?${new URLSearchParams(d).toString()}`),
  fc.constantFrom('?%zz', '?page=%E0%A4%A', '?__proto__[admin]=1&constructor[prototype][x]=2', '?page=-1&pageSize=1e9&sort=;DROP&status[]=x', `?q=${'z'.repeat(3000)}`, '?&&==&', '?page=1&page=2'),
);

const badHeaders = fc.constantFrom<[string, Record<string, string>]>(
  ['text/plain', { 'content-type': 'text/plain' }],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['multipart', { 'content-type': 'multipart/form-data; boundary=zz' }],
  ['binary', { 'content-type': 'application/octet-stream' }],
  ['a bogus bearer', { authorization: 'Bearer nonsense' }],
  ['an unsigned JWT', { authorization: 'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwiY29nbml0bzpncm91cHMiOlsiYWRtaW4iXX0.' }],
  ['Basic auth', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['a huge bearer', { authorization: `Bearer ${'a'.repeat(6000)}` }],
  ['a forged Stripe signature', { 'stripe-signature': 't=1,v1=deadbeef' }],
);

const label = (route: RouteDef) => `${route.method} ${route.path}`;

describe.each(routes.map((r) => [label(r), r] as const))('%s', (_key, route) => {
  it.each(['anonymous', 'customer', 'admin'] as const)('as %s: junk bodies are refused with a JSON message and change nothing', async (who) => {
    const { user } = callers.find((c) => c.name === who)!;
    await fc.assert(
      fc.asyncProperty(badBody, async ([kind, body]) => {
        await check(`${who} ${kind}`, await send(route.method, pathOf(route), { 'content-type': 'application/json', ...authOf(user) }, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('bad query strings and headers, as the caller the route is for', async () => {
    const { user } = callers.find((c) => c.name === (route.access === 'public' ? 'anonymous' : route.access === 'user' ? 'customer' : 'admin'))!;
    await fc.assert(
      fc.asyncProperty(badQuery, badHeaders, badBody, async (query, [kind, headers], [bodyKind, body]) => {
        const answer = await send(route.method, `${pathOf(route)}${query}`, { 'content-type': 'application/json', ...authOf(user), ...headers }, body);
        await check(`${kind}, ${bodyKind}, query ${query.slice(0, 60)}`, answer);
      }),
      { numRuns: RUNS },
    );
  });

  // Only routes with a path parameter have one to spoil: the others get no such test (rather than a skipped one).
  if (route.path.includes('{')) it('bad path parameters: 4xx JSON, never a crash', async () => {
    const { user } = callers.find((c) => c.name === (route.access === 'public' ? 'anonymous' : route.access === 'user' ? 'customer' : 'admin'))!;
    for (const [kind, value] of badParam) {
      const answer = await send(route.method, pathOf(route, () => value), { 'content-type': 'application/json', ...authOf(user) }, route.method === 'GET' ? undefined : '{}');
      await check(`path ${kind}`, answer);
      expect(answer.status, `path ${kind}`).toBeGreaterThanOrEqual(400);
    }
  });
});
