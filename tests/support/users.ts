/**
 * Real Cognito users in the emulator for access tests: anonymous, customer A, customer B and admin.
 * Tokens come from USER_PASSWORD_AUTH, exactly as the SPA gets them.
 */
import { AdminUpdateUserAttributesCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { cognitoClient, createVerifiedUser, randomPassword } from '../../local/provision';
import type { TestEnv } from './global-setup';

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
  /** Lets a browser test hand the session to the SPA as Amplify keeps it (tests/e2e/support/session.ts). */
  refreshToken: string;
  /** Authorization header value */
  bearer: string;
}

/** `verified: false` makes an account whose e-mail was never confirmed: its id token says email_verified false. */
export async function createUser(env: TestEnv, options: { admin?: boolean; staff?: boolean; email?: string; verified?: boolean } = {}): Promise<TestUser> {
  const client = cognitoClient(env.cognitoEndpoint, env.cognitoAdminSecret);
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomPassword();
  const sub = await createVerifiedUser(client, env.userPoolId, { email, password, admin: options.admin, staff: options.staff });
  if (options.verified === false) {
    await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: env.userPoolId, Username: email, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }] }));
  }
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: env.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const idToken = auth.AuthenticationResult!.IdToken!;
  const accessToken = auth.AuthenticationResult!.AccessToken!;
  const refreshToken = auth.AuthenticationResult!.RefreshToken!;
  return { email, password, sub: sub!, idToken, accessToken, refreshToken, bearer: `Bearer ${accessToken}` };
}
