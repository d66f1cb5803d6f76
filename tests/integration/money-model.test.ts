/**
 * The model test of money: fast-check's model-based commands drive the real API on a local stack of the test's own
 * with random sequences of every money path (checkout in full or by deposit, balance checkouts from the pass and the
 * dashboard, paying any session ever opened, staff cash and EFTPOS payments, customer and admin edits, cancellations
 * by the customer, the pass and an admin, part refunds, refunds made in Stripe's dashboard, the refund worker stopped
 * and run, webhooks delivered again, time moved on), some of them as concurrent pairs. After every step:
 * - the books' own rules hold for the booking (functions/use-cases/booking/books.ts, the rules reconcile reports), and
 * - a model of the booking's money (what it costs, what is held, what was refunded, whether it is cancelled) agrees
 *   with what the API answers. A concurrent pair must agree with the model run in one order or the other.
 *
 * The model decides refunds with the money policy's pure rule (shared/money-policy.ts, the terms as the spec states
 * them) and prices with the spec's tariff (shared/pricing.ts); what it keeps apart from the server is the state:
 * every figure is the model's own running account, never read back from the server, so a path that records money
 * twice, keeps a payment it should refund, or refunds what it should keep shows as a disagreement.
 *
 * A failure prints the seed, the path and the shrunk sequence; `npm run test:model -- --seed S --path P` replays it.
 * CI runs MODEL_RUNS sequences (tests/model/settings.ts); `npm run test:model -- --runs 1000` runs long.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { allCommands, type Real } from '../model/commands';
import { freshModel } from '../model/model';
import { modelSettings } from '../model/settings';
import { MoneyWorld } from '../model/world';
import { moveClock } from '../support/clock';
import { startTestStack, type TestStack } from '../support/global-setup';

let testStack: TestStack;
let world: MoneyWorld;

beforeAll(async () => {
  // The refund worker is the sequence's to stop and run (RunWorker), and no reminder is wanted.
  testStack = await startTestStack('none', 'runway-model-', { LOCAL_JOBS_OFF: 'SendReminders,SendRefunds,TrackFlights' });
  world = await MoneyWorld.create(testStack.env);
});

afterAll(() => testStack?.stop());

describe('money under random sequences of every money path', () => {
  it('keeps the books and the model in agreement after every step', { timeout: 600_000 }, async () => {
    const settings = modelSettings();
    const outcome = await fc.check(
      fc.asyncProperty(fc.constantFrom<'full' | 'deposit'>('full', 'deposit'), fc.constantFrom(1, 3, 6), fc.commands(allCommands(), { maxCommands: settings.maxCommands, ...(settings.replayPath ? { replayPath: settings.replayPath } : {}) }), async (paymentType, dropOffInDays, cmds) => {
        // Each sequence starts on the real clock (an earlier one may have moved it days on).
        await moveClock(testStack.env.baseUrl, { at: new Date().toISOString() });
        const real: Real = await world.newBooking(paymentType, dropOffInDays);
        const model = freshModel(real.initial);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: settings.runs, ...(settings.seed !== undefined ? { seed: settings.seed } : {}), ...(settings.path ? { path: settings.path } : {}), endOnFailure: settings.endOnFailure, verbose: 2 },
    );
    if (outcome.failed) {
      const report = fc.defaultReportMessage(outcome) ?? 'the property failed';
      const replayPath = /replayPath="([^"]*)"/.exec(report)?.[1] ?? '';
      const replay = `npm run test:model -- --runs=${settings.runs} --max-commands=${settings.maxCommands} --seed=${outcome.seed} --path=${outcome.counterexamplePath ?? ''}${replayPath && ` --replay=${replayPath}`}`;
      throw new Error(`${report}\n\nReplay it: ${replay}`, { cause: outcome.errorInstance });
    }
  });
});
