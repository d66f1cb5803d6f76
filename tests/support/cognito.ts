/**
 * Talks to Cognito the way the SPA does: through the local server's /_cognito proxy with the JSON 1.1
 * protocol Amplify uses, and reads the e-mails the pool sent from the local outbox.
 */
import { TOTP } from 'otpauth';
import type { StoredEmail } from '../../functions/lib/email';

export interface CognitoReply<T = any> {
  status: number;
  body: T & { __type?: string; message?: string };
}

export async function cognito<T = any>(baseUrl: string, operation: string, body: unknown, headers: Record<string, string> = {}): Promise<CognitoReply<T>> {
  const res = await fetch(`${baseUrl}/_cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** The outbox, or with `to` only the messages to that address (the server filters: the run's outbox is large). */
export async function outbox(baseUrl: string, to?: string): Promise<StoredEmail[]> {
  const res = await fetch(`${baseUrl}/_local/outbox.json${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`);
  return (await res.json()) as StoredEmail[];
}

/** The newest e-mail to `to` whose subject matches, waiting for it to land (up to 30 s: a busy machine is slow). */
export async function latestEmail(baseUrl: string, to: string, subject: RegExp): Promise<StoredEmail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = (await outbox(baseUrl, to)).find((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail to ${to} matching ${subject}`);
}

/** The first link in an e-mail's HTML that points at the site. */
export function linkIn(mail: StoredEmail, baseUrl: string): URL {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
  if (!href || !href.startsWith(baseUrl)) throw new Error(`No site link in ${mail.subject}`);
  return new URL(href.replace(/&amp;/g, '&'));
}

export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
