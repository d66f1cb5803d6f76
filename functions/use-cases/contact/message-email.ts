/** The e-mail that carries a contact message to the business; replying answers the sender directly. */
import type { ContactMessage } from '../../../shared/contact';
import { site } from '../../../shared/site';
import type { OutgoingEmail } from '../../lib/email';

/** Where contact messages go: CONTACT_TO when an environment sets one, else the site's public address. */
export const contactRecipient = (): string => process.env.CONTACT_TO?.trim() || site.email;

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

export function contactEmail(message: Pick<ContactMessage, 'name' | 'email' | 'phone' | 'message'>, receivedAt: Date): OutgoingEmail {
  const when = new Intl.DateTimeFormat('en-NZ', { timeZone: site.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(receivedAt);
  return {
    to: [contactRecipient()],
    replyTo: [message.email],
    subject: `Contact form: ${oneLine(message.name)}`,
    text: [
      `New message from the ${site.brand} contact form, received ${when} (NZ time).`,
      '',
      `Name: ${oneLine(message.name)}`,
      `E-mail: ${message.email}`,
      `Phone: ${oneLine(message.phone)}`,
      '',
      'Message:',
      message.message,
      '',
      'Reply to this e-mail to answer the sender.',
    ].join('\n'),
  };
}
