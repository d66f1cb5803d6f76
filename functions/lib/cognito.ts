/**
 * The user pool, for functions that read it with their role's IAM permissions. In AWS the defaults apply; locally
 * COGNITO_ENDPOINT points at the emulator, whose IAM-only operations need the install's admin secret (the file
 * COGNITO_ADMIN_SECRET_FILE names, local/cognito/local-secrets.ts) as Cognito needs AWS credentials.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';

/** The header the emulator's gate checks (local/cognito/http-gate.cjs); never sent in AWS. */
const LOCAL_ADMIN_SECRET_HEADER = 'x-runway-local-admin-secret';

let client: CognitoIdentityProviderClient | undefined;

export function userPoolId(): string {
  const id = process.env.USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set');
  return id;
}

export function userPool(): CognitoIdentityProviderClient {
  if (client) return client;
  const endpoint = process.env.COGNITO_ENDPOINT;
  const secretFile = process.env.COGNITO_ADMIN_SECRET_FILE;
  client = new CognitoIdentityProviderClient({
    region: process.env.AWS_REGION ?? 'ap-southeast-2',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  if (endpoint && secretFile) {
    const secret = readFileSync(secretFile, 'utf8').trim();
    client.middlewareStack.add(
      (next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers[LOCAL_ADMIN_SECRET_HEADER] = secret;
        return next(args);
      },
      { step: 'build', name: 'localAdminSecret' },
    );
  }
  return client;
}
