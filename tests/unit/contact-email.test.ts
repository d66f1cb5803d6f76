import { afterEach, describe, expect, it } from 'vitest';
import { contactEmail, contactRecipient } from '../../functions/use-cases/contact/message-email';
import { site } from '../../shared/site';

const message = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', phone: '021 123 4567', message: 'Line one\nLine two' };

describe('the contact e-mail to the business', () => {
  afterEach(() => {
    delete process.env.CONTACT_TO;
  });

  it('goes to the site address by default, with reply-to the sender', () => {
    const mail = contactEmail(message, new Date('2026-03-02T00:30:00Z'));
    expect(mail.to).toEqual([site.email]);
    expect(mail.replyTo).toEqual(['aroha@example.co.nz']);
    expect(mail.subject).toBe('Contact form: Aroha Ngata');
    expect(mail.text).toContain('Name: Aroha Ngata');
    expect(mail.text).toContain('E-mail: aroha@example.co.nz');
    expect(mail.text).toContain('Phone: 021 123 4567');
    expect(mail.text).toContain('Line one\nLine two');
    // 00:30 UTC on 2 March is 1:30 pm the same day in Auckland (NZDT, UTC+13).
    expect(mail.text).toMatch(/Monday, 2 March 2026 at 1:30\s?pm/i);
  });

  it('goes to CONTACT_TO when the environment sets it', () => {
    process.env.CONTACT_TO = 'desk@example.org';
    expect(contactRecipient()).toBe('desk@example.org');
    expect(contactEmail(message, new Date()).to).toEqual(['desk@example.org']);
  });

  it('keeps the subject on one line whatever the name holds', () => {
    expect(contactEmail({ ...message, name: 'Bob\r\nBcc: x@example.com' }, new Date()).subject).toBe('Contact form: Bob Bcc: x@example.com');
  });
});
