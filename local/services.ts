/**
 * Local-only services mounted on the dev server before the SPA: the e-mail outbox viewer and the offline
 * Stripe stand-in. Each gets the stack's URL and data folder and claims the requests it serves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { outboxService } from './outbox';
import { stripeStandIn } from './stripe-stand-in';

export interface LocalContext {
  url: string;
  dataDir: string;
}

export interface LocalService {
  /** Returns true when it handled the request. */
  handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean>;
  close?(): Promise<void>;
}

export type LocalServiceFactory = (ctx: LocalContext) => LocalService | Promise<LocalService>;

export const localServices: LocalServiceFactory[] = [outboxService, stripeStandIn];
