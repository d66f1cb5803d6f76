/** Cognito's Custom Message trigger: our links, with Cognito's placeholder left intact for it to fill. */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAccountLink } from '../../shared/account-links';
import { handler } from '../../functions/auth/custom-message';

function event(triggerSource: CustomMessageTriggerEvent['triggerSource'], email = 'ana+trip@example.nz'): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: '1', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email }, codeParameter: '{####}', linkParameter: '{##Click Here##}', usernameParameter: null },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('custom message trigger', () => {
  beforeEach(() => {
    process.env.SITE_URL = 'https://parking.example/';
  });
  afterEach(() => {
    delete process.env.SITE_URL;
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const)('%s links to the site root with the placeholder once', async (source) => {
    const out = await handler(event(source));
    expect(out.response.emailSubject).toBe('Confirm your Runway Parking account');
    const html = out.response.emailMessage!;
    expect(html.split('{####}')).toHaveLength(2);
    expect(html).toContain('href="https://parking.example/?email=ana%2Btrip%40example.nz&confirm={####}"');
  });

  it('links a reset to /customer-auth', async () => {
    const out = await handler(event('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Reset your Runway Parking password');
    expect(out.response.emailMessage).toContain('href="https://parking.example/customer-auth?email=ana%2Btrip%40example.nz&reset={####}"');
  });

  it("leaves other messages to Cognito's defaults", async () => {
    const out = await handler(event('CustomMessage_AdminCreateUser'));
    expect(out.response.emailMessage).toBeNull();
  });

  it('escapes what it writes into HTML', async () => {
    const out = await handler(event('CustomMessage_SignUp', '"><script>@x.nz'));
    expect(out.response.emailMessage).not.toContain('<script>');
  });
});

describe('reading an account link', () => {
  it('reads confirmation and reset links, and nothing else', () => {
    expect(readAccountLink('?email=a%40b.nz&confirm=123456')).toEqual({ kind: 'confirm', email: 'a@b.nz', code: '123456' });
    expect(readAccountLink('?email=a%40b.nz&reset=654321')).toEqual({ kind: 'reset', email: 'a@b.nz', code: '654321' });
    expect(readAccountLink('?confirm=123456')).toBeNull();
    expect(readAccountLink('?email=a%40b.nz&confirm=abc')).toBeNull();
    expect(readAccountLink('?email=a%40b.nz&code=123456')).toBeNull();
  });
});
