/**
 * The security notice reads CloudTrail's record of a user pool call as AWS writes it (docs/security.md, "Security
 * notices"): the `sub` in additionalEventData, hidden fields that name nobody, no pool for user calls, an errorCode
 * for a call that failed, and the TOTP setting when recorded (else the account's state).
 */
import { describe, expect, it } from 'vitest';
import { recordOf } from '../../functions/auth/security-notice';
import { changeOf, nzTimeOf } from '../../functions/use-cases/account/security-notice';

const HIDDEN = 'HIDDEN_DUE_TO_SECURITY_REASONS';
const SUB = '87a42a58-6051-7076-79e2-fe9208b6ae3c';

function event(eventName: string, requestParameters: unknown, extra: Record<string, unknown> = {}) {
  return {
    version: '0',
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.cognito-idp',
    detail: {
      eventTime: '2026-11-25T22:48:08Z',
      eventSource: 'cognito-idp.amazonaws.com',
      eventName,
      requestParameters,
      responseElements: null,
      additionalEventData: { sub: SUB },
      ...extra,
    },
  };
}

describe('reading the record', () => {
  it('finds the account by sub and ignores hidden fields', () => {
    expect(recordOf(event('ConfirmForgotPassword', { clientId: 'abc', username: HIDDEN, password: HIDDEN, confirmationCode: HIDDEN }))).toEqual({
      eventName: 'ConfirmForgotPassword',
      eventTime: '2026-11-25T22:48:08Z',
      sub: SUB,
    });
  });

  it('keeps the pool and user an admin call names, and the TOTP setting asked for', () => {
    const record = recordOf(event('AdminSetUserMFAPreference', { userPoolId: 'ap-southeast-2_abc', username: 'a@example.com', softwareTokenMfaSettings: { enabled: false, preferredMfa: false } }))!;
    expect(record).toMatchObject({ userPoolId: 'ap-southeast-2_abc', username: 'a@example.com', totpEnabled: false });
    expect(changeOf(record, true)).toBe('two-step-off-by-staff');
  });

  it('a failed call changes nothing', () => {
    const record = recordOf(event('ChangePassword', { accessToken: HIDDEN }, { errorCode: 'NotAuthorizedException' }))!;
    expect(changeOf(record, false)).toBeNull();
  });

  it('without the setting in the record, says on or off from the account as it is now', () => {
    const record = recordOf(event('SetUserMFAPreference', { accessToken: HIDDEN }))!;
    expect(changeOf(record, false)).toBe('two-step-off');
    expect(changeOf(record, true)).toBe('two-step-on');
    expect(changeOf({ ...record, totpEnabled: false }, true)).toBe('two-step-off');
  });

  it('is not fooled by another kind of event', () => {
    expect(recordOf({ 'detail-type': 'Scheduled Event', detail: {} })).toBeNull();
    expect(recordOf(event('ChangePassword', null, { eventSource: 's3.amazonaws.com' }))).toBeNull();
    expect(changeOf(recordOf(event('VerifySoftwareToken', { accessToken: HIDDEN }))!, true)).toBeNull();
  });
});

describe('when', () => {
  it('is New Zealand time, daylight saving included', () => {
    expect(nzTimeOf(new Date('2026-11-25T22:48:08Z'))).toBe('Thursday, 26 November 2026 at 11:48 am (NZ time)');
    expect(nzTimeOf(new Date('2026-06-01T00:00:00Z'))).toBe('Monday, 1 June 2026 at 12:00 pm (NZ time)');
  });
});
