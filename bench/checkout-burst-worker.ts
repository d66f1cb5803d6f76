/**
 * The checkout burst's own process (bench/checkout-burst.ts starts it): a local stack of its own with a yard of 2
 * places and simulated visitors (each request its own address, so no per-address budget is what answers), then bursts
 * of checkouts for a date's last 2 places, every request at once. Prints one JSON line per burst: each answer's status,
 * time in ms, Retry-After and message. A process of its own because the stack's clients (DynamoDB, Stripe) are made
 * once per process, pointed at the stack that started first.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, nzToday } from '../shared/nz-time';
import { dynamoClient } from '../functions/lib/aws';
import * as clock from '../functions/lib/clock';
import { startLocalStack } from '../local/server';

export interface BurstAnswer {
  status: number;
  ms: number;
  retryAfter: string | null;
  message: string | null;
}

export interface BurstResult {
  size: number;
  answers: BurstAnswer[];
  /** DynamoDB requests the stack made during the burst, by command: the work a burst queues at the one emulator. */
  dynamoCalls: Record<string, number>;
  /** Stripe Checkout Sessions the burst opened (each refused one is expired again). */
  sessionsOpened: number;
}

const sizes = (process.env.BENCH_BURST_SIZES ?? '50,20').split(',').map(Number);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'runway-burst-'));
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryTable: process.env.BENCH_BURST_TABLE === 'memory', spa: 'none', createAdmin: false, clientAddresses: 'simulated' });
  const run = Date.now().toString(36);
  // Every DynamoDB request the handlers make goes through this one client (they run in this process).
  const calls: Record<string, number> = {};
  dynamoClient().middlewareStack.add(
    (next, context) => (args) => {
      calls[context.commandName ?? '?'] = (calls[context.commandName ?? '?'] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );
  const sessionFiles = () => readdirSync(path.join(dataDir, 'stripe', 'sessions')).filter((f) => f.endsWith('.json')).length;
  const checkout = async (day: number, i: number, tag: string): Promise<BurstAnswer> => {
    const started = performance.now();
    const res = await fetch(`${stack.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-${tag}-${i}` },
      body: JSON.stringify({
        // The stack runs in this process: its clock (moved or not) is the one the checkout prices by.
        quote: { dropOffDate: addDays(nzToday(clock.now()), day), dropOffTime: '09:00', pickUpDate: addDays(nzToday(clock.now()), day + 2), pickUpTime: '11:00', carWash: false },
        customer: { firstName: 'Burst', lastName: `Traveller ${i}`, email: `burst-${run}-${tag}-${i}@example.com`, contactNumber: `021 555 ${String(1000 + i)}`, carRegistration: `BST${i}` },
        paymentType: i % 3 === 0 ? 'deposit' : 'full',
      }),
    });
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), message: res.status === 201 ? null : (body?.message ?? null) };
  };
  try {
    // Warm-up, one at a time on a date of its own: the handler modules and the SDK load once, as in a warm Lambda.
    for (let i = 0; i < 3; i++) await checkout(200, i, 'warm');
    for (const [n, size] of sizes.entries()) {
      // A fresh date per burst, its 2 places free: the burst is for the yard's last 2 places.
      const day = 30 + n * 5;
      for (const k of Object.keys(calls)) delete calls[k];
      const sessionsBefore = sessionFiles();
      const answers = await Promise.all(Array.from({ length: size }, (_, i) => checkout(day, i, `b${n}`)));
      const result: BurstResult = { size, answers, dynamoCalls: { ...calls }, sessionsOpened: sessionFiles() - sessionsBefore };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
