/**
 * Starts the local stack once for the integration tests: free ports, DynamoDB in memory, the rest in a
 * throw-away folder, no SPA. Tests reach it over HTTP (inject('baseUrl')) and may read the emulators
 * directly through inject('env') to assert what the data holds.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';
import { startLocalStack, TABLE_NAME, PHOTO_BUCKET, type LocalStack } from '../../local/server';
import { cognitoSecretFiles } from '../../local/cognito/local-secrets';
import { booksAgreeAfterTheSuite } from './books-check';

export interface TestEnv {
  baseUrl: string;
  dataDir: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** s3rver's Unix socket (it listens on no port): connect with unixSocketAgent from functions/lib/s3.ts. */
  s3Socket: string;
  /** The photo gate: the only way browsers reach the photo store (local/photo-gate.ts). */
  photoGateEndpoint: string;
  cognitoEndpoint: string;
  /** For the emulator's admin operations (local/cognito/local-secrets.ts): pass to cognitoClient. */
  cognitoAdminSecret: string;
  /** This run's photo signing secret, for tests that sign a policy of their own (an expired one). */
  photoGateSecret: string;
  tableName: string;
  photoBucket: string;
  userPoolId: string;
  userPoolClientId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    env: TestEnv;
  }
}

export interface TestStack {
  stack: LocalStack;
  env: TestEnv;
  /** Stops the stack and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts the local stack in a throw-away folder: DynamoDB in memory, free ports, no admin. Handlers run in the calling
 * process, so a test file that needs settings of its own (`{ YARD_CAPACITY: '2' }`) starts one with them.
 */
export async function startTestStack(spa: 'dist' | 'none', prefix: string, settings: Record<string, string> = {}): Promise<TestStack> {
  // The handlers read their settings from this process's environment, from now until stop().
  Object.assign(process.env, settings);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // Every test request is its own visitor unless it names one (X-Forwarded-For), so request budgets never couple tests.
  // The reminders job runs on the real clock; tests that want it run it with their own (tests/integration/travel-day.test.ts).
  // The flight tracker too: a test's booking with a return flight tomorrow would be asked about on the real clock
  // (tests/integration/flight-tracking.test.ts runs passes itself, with a clock of its own).
  process.env.LOCAL_JOBS_OFF ??= 'SendReminders,TrackFlights';
  // A stack started beside the shared one (in a test file) keeps its data in a table of its own in the shared one's
  // DynamoDB Local: a Java start is about 4 CPU-seconds, and a fresh JVM is slow until it has warmed up.
  const sharedDynamo = process.env[SHARED_DYNAMODB];
  // It signs its tokens with the shared stack's key: a 2048-bit RSA key costs 1 to 4 CPU-seconds to make, once a stack.
  const sharedKey = process.env[SHARED_SIGNING_KEY];
  if (sharedKey && existsSync(sharedKey)) {
    const { signingKeyFile } = cognitoSecretFiles(dataDir);
    mkdirSync(path.dirname(signingKeyFile), { recursive: true, mode: 0o700 });
    copyFileSync(sharedKey, signingKeyFile);
  }
  const dynamodb = sharedDynamo ? { endpoint: sharedDynamo, tableName: `${TABLE_NAME}-${path.basename(dataDir)}` } : undefined;
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryTable: true, spa, createAdmin: false, clientAddresses: 'simulated', dynamodb });
  const env: TestEnv = {
    baseUrl: stack.url,
    dataDir,
    dynamodbEndpoint: stack.endpoints.dynamodb,
    s3Endpoint: stack.endpoints.s3,
    s3Socket: stack.endpoints.s3Socket,
    photoGateEndpoint: stack.endpoints.photoGate,
    cognitoEndpoint: stack.endpoints.cognito,
    cognitoAdminSecret: stack.cognitoAdminSecret,
    photoGateSecret: stack.photoGateSecret,
    tableName: stack.tableName,
    photoBucket: PHOTO_BUCKET,
    userPoolId: stack.pool.userPoolId,
    userPoolClientId: stack.pool.userPoolClientId,
  };
  return {
    stack,
    env,
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      for (const name of Object.keys(settings)) delete process.env[name];
    },
  };
}

/**
 * Where the shared stack's DynamoDB Local listens, for stacks that test files start beside it: set in this process's
 * environment before the test workers start, which inherit it.
 */
const SHARED_DYNAMODB = 'RUNWAY_TEST_SHARED_DYNAMODB';
/** The shared stack's Cognito signing key file, which stacks started beside it reuse. */
const SHARED_SIGNING_KEY = 'RUNWAY_TEST_SHARED_SIGNING_KEY';

/** Starts the shared stack and offers its DynamoDB Local to the stacks test files start (startTestStack). */
export async function startSharedStack(spa: 'dist' | 'none', prefix: string): Promise<TestStack> {
  const started = await startTestStack(spa, prefix, SHARED_STACK_SETTINGS);
  process.env[SHARED_DYNAMODB] = started.env.dynamodbEndpoint;
  process.env[SHARED_SIGNING_KEY] = cognitoSecretFiles(started.env.dataDir).signingKeyFile;
  return {
    ...started,
    async stop() {
      delete process.env[SHARED_DYNAMODB];
      delete process.env[SHARED_SIGNING_KEY];
      await started.stop();
    },
  };
}

// Many test files check out the same days at once here, which no real day sees: the bound on unpaid holds
// (tests/integration/holds.test.ts has a stack of its own with it) is lifted for the shared stack.
const SHARED_STACK_SETTINGS = { UNPAID_HOLDS_PER_DAY: '100000' };

/**
 * The integration files run as two projects (vitest.config.ts: those that share a module graph and those isolated),
 * and both must reach the same stack: its handlers run in this process and read their settings from its environment,
 * so a second stack would point the first one's handlers at its own emulators. The first project's set-up starts it,
 * the second reuses it, and the last teardown stops it.
 */
const shared = globalThis as typeof globalThis & { runwaySharedStacks?: Map<string, { started: Promise<TestStack>; users: number }> };

/**
 * A global set-up for projects that share one stack (`key` names it): the first project's call starts it with
 * `start`, later ones reuse it, and the last teardown stops it. Each project is given its addresses.
 */
export async function provideSharedStack(project: TestProject, key: string, start: () => Promise<TestStack>): Promise<() => Promise<void>> {
  const stacks = (shared.runwaySharedStacks ??= new Map());
  if (!stacks.has(key)) stacks.set(key, { started: start(), users: 0 });
  const entry = stacks.get(key)!;
  entry.users += 1;
  const { env, stop } = await entry.started;
  project.provide('baseUrl', env.baseUrl);
  project.provide('env', env);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    stacks.delete(key);
    await stop();
  };
}

/**
 * The integration projects' stack. Before the last teardown stops it, reconcile runs over it and fails the run on any
 * difference (books-check.ts). Not under mutation testing (npm run mutation), where a mutant is meant to break the books.
 */
export default function setup(project: TestProject) {
  return provideSharedStack(project, 'integration', async () => {
    const started = await startSharedStack('none', 'runway-it-');
    return {
      ...started,
      async stop() {
        try {
          if (process.env.STRYKER_MUTATOR_WORKER === undefined) await booksAgreeAfterTheSuite();
        } finally {
          await started.stop();
        }
      },
    };
  });
}
