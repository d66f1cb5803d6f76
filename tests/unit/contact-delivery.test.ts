/**
 * A contact message whose e-mail went out has happened, whatever the bookkeeping after it does: the
 * sender is told it went (not a 500 that invites sending it again); a send that failed is still the form's 502.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../functions/store/contact-messages', () => ({
  saveContactMessage: vi.fn(async () => ({ id: 'm-1', createdAt: '2030-03-01T00:00:00.000Z' })),
  markContactMessageSent: vi.fn(async () => undefined),
}));
vi.mock('../../functions/lib/email', () => ({ sendEmail: vi.fn(async () => ({ id: 'email-1' })) }));

const { deliverContactMessage } = await import('../../functions/use-cases/contact/deliver-contact-message');
const { markContactMessageSent } = await import('../../functions/store/contact-messages');
const { sendEmail } = await import('../../functions/lib/email');
const { httpErrorOf } = await import('../../functions/lib/errors');
const { contactTexts } = await import('../../shared/contact');

const message = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', phone: '021 123 4567', message: 'Can I leave my car for three weeks?', company: '' };

beforeEach(() => {
  vi.mocked(markContactMessageSent).mockReset().mockResolvedValue(undefined);
  vi.mocked(sendEmail).mockReset().mockResolvedValue({ id: 'email-1' } as never);
});

describe('deliverContactMessage', () => {
  it('succeeds once the e-mail is out even when marking it sent fails', async () => {
    vi.mocked(markContactMessageSent).mockRejectedValue(new Error('ProvisionedThroughputExceededException'));
    await expect(deliverContactMessage(message)).resolves.toBeUndefined();
    expect(sendEmail).toHaveBeenCalledTimes(1);
  });

  it('a send that failed is a 502 with the form message', async () => {
    vi.mocked(sendEmail).mockRejectedValue(new Error('SES down'));
    const failure = await deliverContactMessage(message).catch((e: unknown) => httpErrorOf(e));
    expect(failure).toMatchObject({ status: 502, message: contactTexts.failureDescription });
    expect(markContactMessageSent).not.toHaveBeenCalled();
  });
});
