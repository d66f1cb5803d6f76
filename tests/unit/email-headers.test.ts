/** What goes into an e-mail header cannot carry a line break or any other control character. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerSafe, sendEmail } from '../../functions/lib/email';

describe('e-mail headers', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'runway-mail-'));
    process.env.EMAIL_OUTBOX_DIR = dir;
  });
  afterEach(() => {
    delete process.env.EMAIL_OUTBOX_DIR;
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['\u0000', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\r\n', '\u007f'])('turns %j into a space', (c) => {
    expect(headerSafe(`Contact form: Ana${c}Bcc: victim@example.com`)).toBe('Contact form: Ana Bcc: victim@example.com');
  });

  it('sends the subject and addresses cleaned, the body as written', async () => {
    await sendEmail({ to: ['staff@example.nz\u2028'], replyTo: ['ana@example.nz\u0085x'], subject: 'Contact form: Ana\u000bBcc: x@y.z', text: 'line 1\nline 2' });
    const [file] = readdirSync(dir);
    const stored = JSON.parse(readFileSync(path.join(dir, file!), 'utf8'));
    expect(stored.subject).toBe('Contact form: Ana Bcc: x@y.z');
    expect(stored.to).toEqual(['staff@example.nz']);
    expect(stored.replyTo).toEqual(['ana@example.nz x']);
    expect(stored.text).toBe('line 1\nline 2');
  });
});
