/**
 * What the local server checks before anything else reads a request, so that `npm start` is as hard to abuse
 * from a web page or a slow client as CloudFront in front of the API:
 *
 * - the Host header must be one of the server's own loopback names with its port, so a page on another site that
 *   rebinds its DNS name to 127.0.0.1 cannot read the outbox, the config or the API through the developer's browser;
 * - every response carries the site's security headers (shared/security-headers.ts, as CloudFront sends them), the
 *   Permissions-Policy by path (the yard's pages may use the camera);
 * - a body is at most `limit` bytes: a larger Content-Length is refused before a byte is read, and a body that
 *   streams past it stops being read and its connection is closed;
 * - a request that does not arrive in time (trickled headers or body) ends with 408 and a closed connection.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '../shared/messages';
import { permissionsPolicyFor } from '../shared/security-headers';

/** How long a client has to send a whole request (`npm start`); tests pass a short one. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** ...and its headers. */
const HEADERS_TIMEOUT_MS = 10_000;

export const frontDoorMessages = {
  wrongHost: 'This server answers only to localhost, 127.0.0.1 or [::1] on its own port',
  bodyTooLarge: messages.bodyTooLarge,
  timeout: 'The request took too long to arrive',
  badRequest: 'The request could not be read',
  headersTooLarge: 'The request headers are too large',
} as const;

/** The node http server settings that bound how long a request may take to arrive. */
export function timeoutSettings(requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    // Node requires headersTimeout <= requestTimeout.
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    // How often node looks for requests past their time: a fraction of the timeout, so one ends soon after it.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
  };
}

/** The path of a request's target as CloudFront matches it: the raw path, without its query. */
const pathOf = (url: string | undefined): string => (url ?? '/').split('?')[0]!;

/** The Host values the server on `port` answers to. */
export function ownHosts(port: number): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  return new Set([...names.map((n) => `${n}:${port}`), ...(port === 80 ? names : [])]);
}

/**
 * How long a refused connection stays half-open after its answer. Closed at once with the client's unread bytes
 * still arriving, it would be reset and the client could lose the answer it has not read yet; meanwhile nothing
 * more is read from it.
 */
const LINGER_MS = 1_000;

function closeAfterAnswer(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

export class BodyTooLarge extends Error {}
export class RequestAborted extends Error {}

export interface FrontDoor {
  /**
   * Sets the security headers and answers the requests refused at the door (wrong Host, a Content-Length over the
   * limit). Returns false when the request was answered and must go no further.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** The whole body; rejects with BodyTooLarge past the limit (then stops reading) and RequestAborted when the client goes. */
  readBody(req: IncomingMessage): Promise<Buffer>;
  /** Answers a request refused after it was admitted (413 for BodyTooLarge) and closes its connection. */
  refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void;
}

export function frontDoor(options: { port: number; headers: Record<string, string>; limit: number }): FrontDoor {
  const hosts = ownHosts(options.port);

  const refuse: FrontDoor['refuse'] = (req, res, status, message) => {
    if (res.headersSent) return void req.destroy();
    // Not one byte more of this body: paused, and taken as ours, so node does not read the rest to throw it away.
    req.pause();
    req.read(0);
    // With Connection: close node ends the socket with destroySoon once the answer is out; this one lingers instead.
    const socket = req.socket as Socket & { destroySoon?: () => void };
    socket.destroySoon = () => closeAfterAnswer(socket);
    const body = JSON.stringify({ message });
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(body)), connection: 'close' });
    res.end(body);
  };

  return {
    admit(req, res) {
      for (const [name, value] of Object.entries(options.headers)) res.setHeader(name, value);
      // The yard's pages may use the camera (its scanner), as CloudFront's yard behaviours allow; no other page may.
      res.setHeader('permissions-policy', permissionsPolicyFor(pathOf(req.url)));
      const host = (req.headers.host ?? '').toLowerCase();
      if (!hosts.has(host)) {
        refuse(req, res, 421, frontDoorMessages.wrongHost);
        return false;
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > options.limit) {
        refuse(req, res, 413, frontDoorMessages.bodyTooLarge);
        return false;
      }
      return true;
    },
    readBody(req) {
      return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const onData = (c: Buffer) => {
          size += c.length;
          if (size <= options.limit) return void chunks.push(c);
          // Not one byte more: the rest stays in the client's buffers and the connection closes with the answer.
          req.off('data', onData);
          req.pause();
          reject(new BodyTooLarge());
        };
        req.on('data', onData);
        req.on('end', () => resolve(Buffer.concat(chunks)));
        req.on('error', () => reject(new RequestAborted()));
        req.on('close', () => {
          if (!req.complete) reject(new RequestAborted());
        });
      });
    },
    refuse,
  };
}

/**
 * Answers what node's parser refuses (a request past its time, unreadable or oversized headers) with a JSON
 * message like every other refusal, then closes the connection.
 */
export function answerClientErrors(server: Server, headers: Record<string, string>): { track(req: IncomingMessage, res: ServerResponse): void } {
  const responses = new WeakMap<Socket, ServerResponse>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const res = responses.get(socket);
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', frontDoorMessages.timeout]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', frontDoorMessages.headersTooLarge]
          : error.code?.startsWith('HPE_')
            ? [400, 'Bad Request', frontDoorMessages.badRequest]
            : [0, '', ''];
    if (!status || !socket.writable || res?.headersSent) return void socket.destroy();
    const body = JSON.stringify({ message });
    const head = { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
    socket.once('finish', () => socket.destroy());
  });
  return {
    track(req, res) {
      const socket = req.socket;
      responses.set(socket, res);
      res.once('close', () => {
        if (responses.get(socket) === res) responses.delete(socket);
      });
    },
  };
}
