/**
 * The AWS clients the functions build from their environment (functions/lib/aws.ts, s3.ts, cognito.ts, site-url.ts):
 * the defaults in AWS, the emulators locally, one client per process, and a clear error for a setting the stack
 * should have set. Nothing here calls AWS: the clients' resolved settings are read, and requests stop at a stub.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListUsersCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const VARS = ['AWS_REGION', 'TABLE_NAME', 'DYNAMODB_ENDPOINT', 'PHOTO_BUCKET', 'S3_ENDPOINT', 'S3_SOCKET', 'S3_PUBLIC_ENDPOINT', 'S3_SECRET_ACCESS_KEY', 'USER_POOL_ID', 'COGNITO_ENDPOINT', 'COGNITO_ADMIN_SECRET_FILE', 'SITE_URL'];
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

beforeEach(() => {
  vi.resetModules();
  for (const v of VARS) delete process.env[v];
});
afterEach(() => {
  for (const v of VARS) if (saved[v] === undefined) delete process.env[v];
  else process.env[v] = saved[v];
});

describe('the names the stack gives each function', () => {
  it.each([
    ['TABLE_NAME', async () => (await import('../../functions/lib/aws')).tableName],
    ['PHOTO_BUCKET', async () => (await import('../../functions/lib/s3')).photoBucket],
    ['USER_POOL_ID', async () => (await import('../../functions/lib/cognito')).userPoolId],
  ] as const)('%s: read as set, and a clear error when it is not', async (name, load) => {
    const read = await load();
    expect(() => read()).toThrow(`${name} is not set`);
    process.env[name] = 'set-by-the-stack';
    expect(read()).toBe('set-by-the-stack');
  });
});

describe('DynamoDB', () => {
  it("uses Sydney by default and AWS's own credentials in AWS", async () => {
    const { dynamo, dynamoClient } = await import('../../functions/lib/aws');
    const client = dynamoClient();
    expect(await client.config.region()).toBe('ap-southeast-2');
    expect(client.config.endpoint).toBeUndefined();
    // One client per process, under the document client.
    expect(dynamo()).toBe(dynamo());
    expect(dynamoClient()).toBe(client);
  });

  it('talks to the emulator with local credentials when DYNAMODB_ENDPOINT is set, in the region given', async () => {
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:8000';
    process.env.AWS_REGION = 'us-east-1';
    const { dynamoClient } = await import('../../functions/lib/aws');
    const client = dynamoClient();
    expect(await client.config.region()).toBe('us-east-1');
    const endpoint = await client.config.endpoint!();
    expect(`${endpoint.protocol}//${endpoint.hostname}:${endpoint.port}`).toBe('http://127.0.0.1:8000');
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
  });

  it('drops undefined attributes rather than refusing the write', async () => {
    const { dynamo } = await import('../../functions/lib/aws');
    expect((dynamo().config as { translateConfig?: { marshallOptions?: { removeUndefinedValues?: boolean } } }).translateConfig?.marshallOptions?.removeUndefinedValues).toBe(true);
  });
});

describe('S3', () => {
  it('is one default client in AWS, for the functions and for browser URLs alike', async () => {
    const { s3, s3ForBrowsers } = await import('../../functions/lib/s3');
    expect(s3()).toBe(s3ForBrowsers());
    expect(await s3().config.region()).toBe('ap-southeast-2');
    expect(s3().config.endpoint).toBeUndefined();
  });

  it('locally signs browser URLs for the public endpoint and calls the store itself path-style, with the stack secret', async () => {
    process.env.S3_ENDPOINT = 'http://s3.local';
    process.env.S3_PUBLIC_ENDPOINT = 'http://127.0.0.1:4569';
    process.env.S3_SECRET_ACCESS_KEY = 'stack-secret';
    const { s3, s3ForBrowsers } = await import('../../functions/lib/s3');
    expect(s3()).not.toBe(s3ForBrowsers());
    expect(s3()).toBe(s3());
    const own = await s3().config.endpoint!();
    const forBrowsers = await s3ForBrowsers().config.endpoint!();
    expect(own.hostname).toBe('s3.local');
    expect(`${forBrowsers.hostname}:${forBrowsers.port}`).toBe('127.0.0.1:4569');
    expect(s3ForBrowsers().config.forcePathStyle).toBe(true);
    expect(await s3ForBrowsers().config.credentials()).toMatchObject({ accessKeyId: 'S3RVER', secretAccessKey: 'stack-secret' });
  });

  it("falls back on the emulator's own key, and on the functions' endpoint for browsers when no public one is set", async () => {
    process.env.S3_ENDPOINT = 'http://s3.local';
    const { s3, s3ForBrowsers } = await import('../../functions/lib/s3');
    expect((await s3ForBrowsers().config.endpoint!()).hostname).toBe('s3.local');
    expect(await s3().config.credentials()).toMatchObject({ secretAccessKey: 'S3RVER' });
  });

  it('reaches a store listening on a Unix socket through an agent that connects there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 's3sock-'));
    const socket = path.join(dir, 's3.sock');
    const connections = new Set<Socket>();
    const server = createServer((c) => {
      connections.add(c);
      c.once('data', () => c.end('HTTP/1.1 204 No Content\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
    });
    await new Promise<void>((r) => server.listen(socket, () => r()));
    try {
      const { unixSocketAgent } = await import('../../functions/lib/s3');
      const http = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: 'anything.invalid', port: 80, path: '/', agent: unixSocketAgent(socket) }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect(status).toBe(204);
    } finally {
      for (const c of connections) c.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The headers a user pool call would go out with: the request is stopped at the last step before sending. */
async function headersSent(client: CognitoIdentityProviderClient): Promise<Record<string, string>> {
  let headers: Record<string, string> = {};
  client.middlewareStack.add(
    () => async (args) => {
      headers = (args.request as { headers: Record<string, string> }).headers;
      throw new Error('stopped before sending');
    },
    { step: 'finalizeRequest', name: 'captureForTest' },
  );
  await expect(client.send(new ListUsersCommand({ UserPoolId: 'local_pool' }))).rejects.toThrow('stopped before sending');
  return headers;
}

describe('Cognito', () => {
  it('uses the default client in AWS, made once', async () => {
    const { userPool } = await import('../../functions/lib/cognito');
    expect(userPool()).toBe(userPool());
    expect(await userPool().config.region()).toBe('ap-southeast-2');
    expect(userPool().config.endpoint).toBeUndefined();
  });

  it("sends the install's admin secret to the local emulator on every call, read from its file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cognito-'));
    const secretFile = path.join(dir, 'admin-secret');
    await writeFile(secretFile, ' s3cret-value \n');
    process.env.COGNITO_ENDPOINT = 'http://127.0.0.1:9229';
    process.env.COGNITO_ADMIN_SECRET_FILE = secretFile;
    try {
      const { userPool } = await import('../../functions/lib/cognito');
      expect(await userPool().config.credentials()).toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
      expect((await headersSent(userPool()))['x-runway-local-admin-secret']).toBe('s3cret-value');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends no admin secret when none is set', async () => {
    process.env.COGNITO_ENDPOINT = 'http://127.0.0.1:9229';
    const { userPool } = await import('../../functions/lib/cognito');
    expect((await headersSent(userPool()))['x-runway-local-admin-secret']).toBeUndefined();
  });
});

describe("the site's address", () => {
  it('comes only from SITE_URL, without a trailing slash', async () => {
    const { siteUrl } = await import('../../functions/lib/site-url');
    expect(() => siteUrl()).toThrow('SITE_URL is not configured');
    process.env.SITE_URL = '   ';
    expect(() => siteUrl()).toThrow('SITE_URL is not configured');
    process.env.SITE_URL = ' https://parking.example// ';
    expect(siteUrl()).toBe('https://parking.example');
  });
});
