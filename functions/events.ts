/**
 * Functions that run when something happens in AWS rather than for a request: an EventBridge rule on CloudTrail's
 * record of an API call targets each (infra/security-notices.ts). Locally the Cognito emulator invokes the same
 * modules through the local Lambda endpoint after the same calls succeed (local/cognito/emulator.cjs), with an
 * event of the same shape. Keep AWS CDK imports out of this file.
 */
import type { Need } from './routes';

/**
 * The user pool calls by which a person's password changes: changed signed in, or reset with an e-mailed code.
 * AdminSetUserPassword is not one: only provisioning sets passwords that way (new accounts, locally and in the
 * tests), and staff with IAM credentials act on the pool outside the product (docs/security.md).
 */
export const PASSWORD_CALLS = ['ChangePassword', 'ConfirmForgotPassword'] as const;
/**
 * The calls that turn two-step sign-in (TOTP) on or off. VerifySoftwareToken is not one: in a pool where MFA is
 * optional it only proves the authenticator; SetUserMFAPreference then turns it on (docs/security.md).
 */
export const TWO_STEP_CALLS = ['SetUserMFAPreference', 'AdminSetUserMFAPreference'] as const;

export type SecurityCall = (typeof PASSWORD_CALLS)[number] | (typeof TWO_STEP_CALLS)[number];

export interface CloudTrailFunctionDef {
  /** The Lambda function's short name; also the name the local emulator invokes. */
  name: string;
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
  needs: readonly Need[];
  timeoutSeconds: number;
  /** The CloudTrail records that run it: `source` and `eventSource` of the service, and the API calls by name. */
  calls: { source: string; eventSource: string; eventNames: readonly string[] };
}

/** E-mails the person when their password changes or two-step sign-in is turned on or off. */
export const SECURITY_NOTICE: CloudTrailFunctionDef = {
  name: 'SecurityNotice',
  entry: 'auth/security-notice.ts',
  needs: ['userpool:get-user', 'email'],
  timeoutSeconds: 10,
  calls: { source: 'aws.cognito-idp', eventSource: 'cognito-idp.amazonaws.com', eventNames: [...PASSWORD_CALLS, ...TWO_STEP_CALLS] },
};

export const cloudTrailFunctions: readonly CloudTrailFunctionDef[] = [SECURITY_NOTICE];
