/**
 * The Lambda Invoke API, just enough for the Cognito emulator to call its triggers (functions/triggers.ts)
 * as Amazon Cognito calls Lambda, and the functions EventBridge runs on CloudTrail's record of a user pool call
 * (functions/events.ts: the security notice): the same handler modules, on a loopback port of their own. It answers
 * only the emulator: a request from a browser (any Origin header) or without an AWS signature is refused,
 * so a web page cannot reach it through localhost.
 */
import type { Context } from 'aws-lambda';
import { createServer } from 'node:http';
import { cloudTrailFunctions } from '../functions/events';
import type { Need } from '../functions/routes';
import { triggers } from '../functions/triggers';
import { handlerLoader } from './handler-modules';
import { lambdaContext } from './lambda-context';
import { asRoute, installTableGuard } from './table-guard';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

type TriggerHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface LambdaEndpoint {
  endpoint: string;
  stop(): Promise<void>;
}

/** What the endpoint needs of a function: its name, its module and what its role may touch. */
export interface InvocableFunction {
  name: string;
  entry: string;
  needs: readonly Need[];
  timeoutSeconds?: number;
}

export async function startLambdaEndpoint(table: readonly InvocableFunction[] = [...triggers, ...cloudTrailFunctions]): Promise<LambdaEndpoint> {
  const load = handlerLoader<TriggerHandler>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        const signed = /^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '');
        if (req.headers.origin !== undefined || !signed || req.method !== 'POST') return reply(403, { message: 'Forbidden' });
        const name = INVOKE_PATH.exec((req.url ?? '').split('?')[0]!)?.[1];
        const trigger = table.find((t) => t.name === decodeURIComponent(name ?? ''));
        if (!trigger) return reply(404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
        try {
          const event: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const handler = await load(trigger.entry);
          // As its role would in AWS: table calls outside the trigger's needs are refused.
          installTableGuard();
          const asFunction = { method: 'POST' as const, path: `function ${trigger.name}`, access: 'public' as const, entry: trigger.entry, needs: trigger.needs };
          // As Lambda would: a context with a request id, so the function's log lines carry one (functions/lib/observed.ts).
          reply(200, await asRoute(asFunction, () => handler(event, lambdaContext(trigger.name, trigger.timeoutSeconds ?? 5))));
        } catch (error) {
          console.error(JSON.stringify({ level: 'ERROR', message: 'Trigger failed', trigger: trigger.name, error: String(error) }));
          // As Lambda reports a thrown error: its message and name, which Cognito passes on in UserLambdaValidationException.
          const e = error instanceof Error ? error : new Error(String(error));
          reply(200, { errorMessage: e.message, errorType: e.name }, { 'x-amz-function-error': 'Unhandled' });
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
