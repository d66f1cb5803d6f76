/** /_local/outbox: the e-mails the product "sent" locally, newest first (HTML), and as JSON for tests. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredEmail } from '../functions/lib/email';
import { escapeHtml } from '../shared/html';
import type { LocalServiceFactory } from './local-service';


/**
 * Every e-mail in `dir`, newest first. `parsed` keeps the files already read (each message is written once, under its
 * own id, and never changed): the test suite's stack holds thousands by its end, and reading and parsing all of them
 * for each look cost about 0.2 CPU-seconds per 700 messages, on every look of every test that waits for one.
 */
export async function readOutbox(dir: string, parsed = new Map<string, StoredEmail>()): Promise<StoredEmail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  await Promise.all(
    files
      .filter((f) => !parsed.has(f))
      .map(async (f) => {
        const text = await readFile(path.join(dir, f), 'utf8');
        try {
          parsed.set(f, JSON.parse(text) as StoredEmail);
        } catch {
          // Still being written: it is read on the next look.
        }
      }),
  );
  const mails = files.flatMap((f) => parsed.get(f) ?? []);
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

export const outboxService: LocalServiceFactory = ({ dataDir }) => {
  const dir = path.join(dataDir, 'outbox');
  process.env.EMAIL_OUTBOX_DIR = dir;
  const parsed = new Map<string, StoredEmail>();
  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (!url.pathname.startsWith('/_local/outbox')) return false;
      const mails = await readOutbox(dir, parsed);
      if (url.pathname === '/_local/outbox.json') {
        // ?to=ADDRESS: only the messages to that address (as `m.to.includes(ADDRESS)`), so a test waiting for its own
        // e-mail is not sent the whole run's.
        const to = url.searchParams.get('to');
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(to === null ? mails : mails.filter((m) => m.to.includes(to))));
        return true;
      }
      const id = url.pathname.split('/')[3];
      const page = (title: string, body: string) =>
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui;margin:2rem auto;max-width:860px;padding:0 1rem}li{margin:.5rem 0}pre{white-space:pre-wrap;background:#f3f6fa;padding:1rem;border-radius:8px}</style></head><body>${body}</body></html>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      if (id) {
        const mail = mails.find((m) => m.id === id);
        if (!mail) {
          res.end(page('Not found', '<p>No such message. <a href="/_local/outbox">Back to the outbox</a></p>'));
          return true;
        }
        res.end(
          page(
            mail.subject,
            `<p><a href="/_local/outbox">Back to the outbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p>From: ${escapeHtml(mail.from)}<br>To: ${escapeHtml(mail.to.join(', '))}${mail.replyTo ? `<br>Reply-To: ${escapeHtml(mail.replyTo.join(', '))}` : ''}<br>Sent: ${escapeHtml(mail.sentAt)}</p>${mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`}`,
          ),
        );
        return true;
      }
      const items = mails.map((m) => `<li><a href="/_local/outbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a> to ${escapeHtml(m.to.join(', '))} <small>${escapeHtml(m.sentAt)}</small></li>`).join('');
      res.end(page('Local outbox', `<h1>Local outbox</h1><p>E-mails the product sent while running locally (${mails.length}).</p><ul>${items || '<li>No e-mails yet.</li>'}</ul>`));
      return true;
    },
  };
};
