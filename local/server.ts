/**
 * The whole product on one port: emulators, the local API gateway, the Cognito proxy, /config.json and
 * the SPA. Used by `npm start` and by the tests, which start it on free ports with throw-away data.
 */
import { precompress } from './precompress';
import type { Middleware } from './site-files';
import { randomBytes } from 'node:crypto';
import { ensurePassSigningKey } from './pass-key';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emailFrom } from '../functions/lib/email';
import { projectRoot } from '../project-paths';
import type { RuntimeConfig } from '../shared/runtime-config';
import { startCognito, startDynamo, startS3, type Emulator } from './emulators';
import { startPhotoGate } from './photo-gate';
import { MAX_PHOTO_BYTES } from '../shared/photos';
import { ensureCognitoSecrets, readAdminSecret } from './cognito/local-secrets';
import { proxyCognito } from './cognito/proxy';
import { startLambdaEndpoint } from './lambda-endpoint';
import { createGateway, type ClientAddresses } from './gateway';
import { BodyTooLarge, RequestAborted, answerClientErrors, frontDoor, timeoutSettings, type FrontDoor } from './front-door';
import { messages } from '../shared/messages';
import { securityHeaderValues } from '../shared/security-headers';
import { localServices, type LocalService } from './services';
import { stopWithin } from './bounded-stop';
import { startLocalJobs } from './jobs';
import { resetClock, setClock } from './clock';
import { clockOffsetMs } from '../functions/lib/clock';
import { localWalletSettings } from './wallet-settings';
import { LOCAL_REGION, deleteTable, ensureAdminAccount, ensureTable, ensureUserPool, type AdminAccount, type PoolIds } from './provision';

// Locally we may run on Node 20 (Lambda runs Node 22+); the SDK's reminder about that is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const TABLE_NAME = 'runway-parking';
export const PHOTO_BUCKET = 'vehicle-photos';

export interface LocalStackOptions {
  /** Port for the site and API; 0 picks free ports for everything (tests). */
  port: number;
  /** Folder for emulator data; null keeps DynamoDB in memory and the rest in a temp folder. */
  dataDir: string;
  inMemoryTable?: boolean;
  /** How the SPA is served: the built files, Vite with hot reload, or not at all (API tests). */
  spa: 'dist' | 'vite' | 'none';
  createAdmin?: boolean;
  /** Test stacks only: callers' addresses are simulated (local/gateway.ts, ClientAddresses). */
  clientAddresses?: ClientAddresses;
  /** Called with the site's URL as soon as it listens, before the emulators start (it answers 503 until ready). */
  onListening?: (url: string) => void;
  /** How long a client has to send a whole request (front-door.ts); tests of slow clients pass a short one. */
  requestTimeoutMs?: number;
  /**
   * Tests only: a DynamoDB Local that is already running, and a table of this stack's own in it (made here, deleted on
   * stop). A test stack started beside the shared one then costs no Java start (tests/support/global-setup.ts).
   */
  dynamodb?: { endpoint: string; tableName: string };
  /**
   * Where the clock starts (`CLOCK=... npm start`, local/clock.ts); it runs on from there. Unset: the real clock.
   * POST /_local/clock moves it either way; stopping the stack puts the process back on the real clock.
   */
  clockAt?: Date;
  /**
   * Load every route's handler module in the background once the stack is ready (`npm start`, the bench), so that no
   * visitor's first request of a route waits for its module to compile (local/gateway.ts, warm). Off for the test stacks:
   * their files each use a few routes, and loading them all would cost every test run CPU it does not need.
   */
  warmHandlers?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  pool: PoolIds;
  admin: AdminAccount | null;
  /** The stack's table: TABLE_NAME, or the one `dynamodb` named. */
  tableName: string;
  endpoints: { dynamodb: string; s3: string; s3Socket: string; photoGate: string; cognito: string };
  /** What the local tools send for the Cognito emulator's admin operations (local/cognito/local-secrets.ts). */
  cognitoAdminSecret: string;
  /** This run's secret for photo URLs (local/photo-gate.ts); tests sign with it. */
  photoGateSecret: string;
  config: RuntimeConfig;
  /** Settles once every handler module is loaded (`warmHandlers`), at once without it. */
  warmed: Promise<void>;
  stop(): Promise<void>;
}

/** Someone else's DynamoDB Local: stopping this stack deletes its table there and leaves the emulator running. */
function borrowedDynamo(endpoint: string, tableName: string): Emulator {
  return { endpoint, stop: () => deleteTable(endpoint, tableName) };
}

function corsXml(origin: string): string {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** The largest body the local server reads (photo uploads go to the S3 emulator, not here). */
export const LOCAL_BODY_LIMIT_BYTES = 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function spaMiddleware(mode: LocalStackOptions['spa'], server: Server): Promise<{ use: Middleware; close(): Promise<void> } | null> {
  if (mode === 'none') return null;
  if (mode === 'vite') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.join(projectRoot, 'web/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
    return { use: vite.middlewares as unknown as Middleware, close: () => vite.close() };
  }
  const dist = path.join(projectRoot, 'web/dist');
  // Compressed as CloudFront would serve them (local/precompress.ts).
  precompress(dist);
  const { siteFiles } = await import('./site-files');
  return { use: siteFiles(dist), close: async () => undefined };
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = path.resolve(options.dataDir);
  // Private to the user: the emulators keep passwords and payment records here.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  // Port 0: every emulator binds a port the system picks and reports it (local/emulators.ts), so stacks starting
  // side by side (parallel test runs) never race for a port picked earlier and bound later.
  const pick = (offset: number) => (options.port === 0 ? 0 : options.port + offset);
  const [dynamoPort, photoGatePort, cognitoPort] = [pick(1), pick(2), pick(3)];
  // The headers CloudFront sends. The photo store's origin (presigned uploads and view URLs go there) is known once
  // it listens; until then nothing but the 503 below is answered, and the door reads this object on every request.
  const headerOptions = { connectOrigins: [], https: false, devServer: options.spa === 'vite' };
  const headers: Record<string, string> = securityHeaderValues({ ...headerOptions, photoOrigin: 'http://127.0.0.1' });
  // The door checks Host against the port, known once the server listens (before any request can arrive).
  let door: FrontDoor | null = null;
  // Answer from the first moment: until the stack is ready every request gets 503 with Retry-After, never silence.
  let ready: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer(timeoutSettings(options.requestTimeoutMs));
  const clientErrors = answerClientErrors(server, headers);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    clientErrors.track(req, res);
    if (!door?.admit(req, res)) return;
    if (ready) return ready(req, res);
    req.resume();
    sendJson(res, 503, { message: 'The local stack is starting. Try again in a moment.' }, { 'retry-after': '2', connection: 'close' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  door = frontDoor({ port, headers, limit: LOCAL_BODY_LIMIT_BYTES });
  options.onListening?.(url);

  const emulators: Emulator[] = [];
  const stopAll = async () => {
    await Promise.all(emulators.map((e) => stopWithin(`emulator at ${e.endpoint}`, 15_000, () => e.stop())));
  };
  try {
    // Cognito's triggers run here, as Lambda functions; the emulator calls them like Cognito does (they read
    // SITE_URL, set with the rest of the environment below, before anyone can sign up).
    const lambda = await startLambdaEndpoint();
    const cognitoSecrets = ensureCognitoSecrets(dataDir);
    const cognitoAdminSecret = readAdminSecret(dataDir);
    emulators.push(lambda);
    const tableName = options.dynamodb?.tableName ?? TABLE_NAME;
    const [dynamo, s3, cognito] = await Promise.all([
      options.dynamodb ? borrowedDynamo(options.dynamodb.endpoint, tableName) : startDynamo(dynamoPort, options.inMemoryTable ? null : path.join(dataDir, 'dynamodb')),
      startS3(path.join(dataDir, 's3.sock'), path.join(dataDir, 's3'), [{ name: PHOTO_BUCKET, corsXml: corsXml(url) }]),
      startCognito(cognitoPort, path.join(dataDir, 'cognito'), { lambdaEndpoint: lambda.endpoint, outboxDir: path.join(dataDir, 'outbox'), emailFrom: emailFrom(), secrets: cognitoSecrets }),
    ]);
    emulators.push(dynamo, s3, cognito);
    // Browsers reach the photos only through the gate, which checks what s3rver does not: the signatures, made
    // with a secret of this run's (local/photo-gate.ts).
    const s3Secret = randomBytes(24).toString('base64url');
    const photoGate = await startPhotoGate({ upstreamSocket: s3.socketPath, accessKeyId: 'S3RVER', secretAccessKey: s3Secret, region: LOCAL_REGION, maxBodyBytes: MAX_PHOTO_BYTES + 64 * 1024, port: photoGatePort });
    emulators.push(photoGate);
    Object.assign(headers, securityHeaderValues({ ...headerOptions, photoOrigin: photoGate.endpoint }));
    const [, pool] = await Promise.all([ensureTable(dynamo.endpoint, tableName), ensureUserPool(cognito.endpoint, cognitoAdminSecret)]);
    const admin = options.createAdmin === false ? null : await ensureAdminAccount(cognito.endpoint, cognitoAdminSecret, pool, dataDir);

    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      PHOTO_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_SOCKET: s3.socketPath,
      S3_PUBLIC_ENDPOINT: photoGate.endpoint,
      S3_SECRET_ACCESS_KEY: s3Secret,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.userPoolClientId,
      COGNITO_ENDPOINT: cognito.endpoint,
      // What the functions that read the pool (the security notice) present, as their role's credentials in AWS.
      COGNITO_ADMIN_SECRET_FILE: cognitoSecrets.adminSecretFile,
      SITE_URL: url,
      PASS_SIGNING_KEY: ensurePassSigningKey(dataDir),
      ...localWalletSettings(dataDir),
    });

    // Before anything runs on a schedule or answers a request, so the first reminder pass already reads it.
    if (options.clockAt) setClock(options.clockAt);

    const config: RuntimeConfig = {
      apiBase: '/api',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      // Relative: the SPA resolves it against its own origin (localhost or 127.0.0.1 alike).
      cognitoEndpoint: '/_cognito',
      googleSignIn: false,
      environment: 'local',
    };
    const gateway = createGateway({
      jwt: {
        issuer: `${cognito.endpoint}/${pool.userPoolId}`,
        jwksUrl: `${cognito.endpoint}/${pool.userPoolId}/.well-known/jwks.json`,
        audience: [pool.userPoolClientId],
      },
      clientAddresses: options.clientAddresses ?? 'socket',
    });
    const spa = await spaMiddleware(options.spa, server);
    const services: LocalService[] = [];
    for (const factory of localServices) services.push(await factory({ url, dataDir }));
    // Scheduled work (the refund worker) runs here as AWS runs it on a schedule.
    const localJobs = startLocalJobs();

    ready = (req, res) => {
      void (async () => {
        try {
          const body = await door.readBody(req);
          const pathname = (req.url ?? '/').split('?')[0]!;
          if (await gateway.handle(req, res, body)) return;
          if (pathname === '/config.json') {
            res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
            // The clock as it is now (it moves while the SPA is open: a page learns it when it loads).
            res.end(JSON.stringify({ ...config, clockOffsetMs: clockOffsetMs() } satisfies RuntimeConfig));
            return;
          }
          if (pathname === '/_cognito' || pathname.startsWith('/_cognito/')) return proxyCognito(cognito.endpoint, url, req, res, body);
          for (const service of services) if (await service.handle(req, res, body)) return;
          if (spa) return spa.use(req, res, () => {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
          });
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
        } catch (error) {
          if (error instanceof BodyTooLarge) return door.refuse(req, res, 413, messages.bodyTooLarge);
          if (error instanceof RequestAborted) return void req.destroy();
          // Logged here; the response says nothing about the inside.
          console.error(JSON.stringify({ level: 'ERROR', message: 'Local server error', error: String(error) }));
          sendJson(res, 500, { message: 'Something went wrong on our side. Please try again.' });
        }
      })();
    };

    // Lets other commands (npm run admin) find the running stack's emulators.
    const stateFile = path.join(dataDir, 'local-stack.json');
    writeFileSync(stateFile, JSON.stringify({ url, pid: process.pid, region: LOCAL_REGION, endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, s3Socket: s3.socketPath, photoGate: photoGate.endpoint, cognito: cognito.endpoint }, ...pool, tableName, photoBucket: PHOTO_BUCKET }, null, 2));

    return {
      url,
      port,
      pool,
      admin,
      tableName,
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, s3Socket: s3.socketPath, photoGate: photoGate.endpoint, cognito: cognito.endpoint },
      cognitoAdminSecret,
      photoGateSecret: s3Secret,
      config,
      warmed: options.warmHandlers ? gateway.warm() : Promise.resolve(),
      stop: async () => {
        // Jobs first: a pass in flight finishes against live emulators rather than failing half-way.
        await stopWithin('scheduled jobs', 10_000, () => localJobs.stop());
        await stopWithin('server', 5_000, async () => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        });
        rmSync(stateFile, { force: true });
        await stopWithin('spa', 5_000, async () => spa?.close());
        await Promise.all(services.map((s, i) => stopWithin(`local service ${i}`, 10_000, async () => s.close?.())));
        await stopAll();
        resetClock();
      },
    };
  } catch (error) {
    server.close();
    await stopAll();
    throw error;
  }
}
