import { build } from 'esbuild';
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes } from '../functions/routes';
import { HANDLER_BUNDLE_OPTIONS } from './bundles';
const dir = mkdtempSync(path.join(os.tmpdir(), 'floor-'));
const floors: Record<string, string> = {
  dynamodb: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'; const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); export const handler = (e) => c.send(new GetCommand({ TableName: 't', Key: { pk: e } }));`,
  'dynamodb+stripe': `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'; import Stripe from 'stripe'; const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); const s = new Stripe('x'); export const handler = async (e) => [await c.send(new GetCommand({ TableName: 't', Key: { pk: e } })), await s.checkout.sessions.retrieve(e)];`,
  'dynamodb+stripe+sesv2': `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'; import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2'; import Stripe from 'stripe'; const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); const m = new SESv2Client({}); const s = new Stripe('x'); export const handler = async (e) => [await c.send(new GetCommand({ TableName: 't', Key: { pk: e } })), await s.checkout.sessions.retrieve(e), await m.send(new SendEmailCommand({}))];`,
};
for (const [name, code] of Object.entries(floors)) {
  const f = path.join(dir, name + '.mjs'); writeFileSync(f, code);
  const out = await build({ ...HANDLER_BUNDLE_OPTIONS, entryPoints: [f], nodePaths: [path.resolve('node_modules')], absWorkingDir: process.cwd() });
  const c = out.outputFiles[0]!.contents;
  console.log(`floor ${name} ${(c.length / 1024).toFixed(0)} ${(gzipSync(c, { level: 9 }).length / 1024).toFixed(0)}`);
}
for (const r of routes) {
  const out = await build({ ...HANDLER_BUNDLE_OPTIONS, entryPoints: [path.join('functions', r.entry)] });
  const c = out.outputFiles[0]!.contents;
  console.log(`${r.entry} ${(c.length / 1024).toFixed(0)} ${(gzipSync(c, { level: 9 }).length / 1024).toFixed(0)} ${r.needs.filter((n) => ['stripe', 'email', 'photos', 'wallet', 'idempotency'].includes(n)).join(',')}`);
}
