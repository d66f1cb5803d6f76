/** What a local-only service is: it gets the stack's URL and data folder and claims the requests it serves. */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
