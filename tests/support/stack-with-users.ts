/**
 * The integration files' one fixture: "a stack with its users". A file names the users it needs (by role) and gets
 * the stack's addresses (`env`), a DynamoDB client on its table (`db`, for asserting what the data holds or setting up
 * what no route writes), and those users, signed in once for the whole file. Either the shared stack the global set-up
 * started (`sharedStackWithUsers`) or, for a file that needs settings of its own or exact counts, a stack of its own
 * in the file's own process (`ownStackWithUsers`; vitest.config.ts runs such a file isolated, by that name).
 *
 * The fixture registers the file's `beforeAll` (start, sign in) and `afterAll` (close the client, stop an own stack)
 * when called at the top of the file. What it returns can be destructured at once: `env` and each user are filled in
 * by the `beforeAll`, and `db` resolves its endpoint when it first sends.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { startTestStack, type TestEnv, type TestStack } from './global-setup';
import { tableClient } from './table-client';
import { createUser, type TestUser } from './users';

export { tableClient };

/** What `createUser` takes: a customer by default, `{ staff: true }`, `{ admin: true }`, `{ verified: false }`. */
export type UserRole = Parameters<typeof createUser>[1];

export interface StackWithUsers<Name extends string> {
  /** The stack's addresses (filled in before the file's first test). */
  env: TestEnv;
  /** A DynamoDB client for the stack's table (`env.tableName`), closed after the file. */
  db: DynamoDBDocumentClient;
  /** The users asked for, each signed in (filled in before the file's first test). */
  users: Record<Name, TestUser>;
  /** The stack started for this file (`ownStackWithUsers` only), once started. */
  ownStack(): TestStack;
}

function withUsers<Name extends string>(env: TestEnv, roles: Record<Name, UserRole>, start?: () => Promise<TestStack>): StackWithUsers<Name> {
  const users = Object.fromEntries(Object.keys(roles).map((name) => [name, {} as TestUser])) as Record<Name, TestUser>;
  const db = tableClient(env);
  let started: TestStack | undefined;
  beforeAll(async () => {
    if (start) {
      started = await start();
      Object.assign(env, started.env);
    }
    const names = Object.keys(roles) as Name[];
    const made = await Promise.all(names.map((name) => createUser(env, roles[name])));
    names.forEach((name, i) => Object.assign(users[name], made[i]));
  }, 120_000);
  afterAll(async () => {
    db.destroy();
    await started?.stop();
  });
  return {
    env,
    db,
    users,
    ownStack() {
      if (!started) throw new Error('ownStack(): no stack of its own started (yet) for this file');
      return started;
    },
  };
}

/** The shared stack (the global set-up's) with these users, made for this file. */
export function sharedStackWithUsers<Name extends string = never>(roles: Record<Name, UserRole> = {} as Record<Name, UserRole>): StackWithUsers<Name> {
  return withUsers({ ...inject('env') }, roles);
}

/**
 * A stack of the file's own (`startTestStack('none', prefix, settings)`: its own table in the shared DynamoDB Local,
 * its own Cognito emulator and stand-ins, `settings` in this process's environment until it stops) with these users.
 */
export function ownStackWithUsers<Name extends string = never>(
  prefix: string,
  roles: Record<Name, UserRole> = {} as Record<Name, UserRole>,
  settings: Record<string, string> = {},
): StackWithUsers<Name> {
  return withUsers({} as TestEnv, roles, () => startTestStack('none', prefix, settings));
}
