/**
 * Proves the person at the keyboard holds both the password and the authenticator before a security change
 * (turning two-step sign-in off): a fresh sign-in with Cognito, answered with the current code. The tokens it
 * yields are revoked at once; the page keeps its own session.
 */
import { loadConfig } from '../../lib/config';

async function cognito(operation: string, body: unknown): Promise<Record<string, any>> {
  const config = await loadConfig();
  const endpoint = config.cognitoEndpoint ? new URL(config.cognitoEndpoint, window.location.origin).href : `https://cognito-idp.${config.region}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, any>;
  if (!res.ok) {
    const name = String(data.__type ?? 'Error').split('#').pop()!;
    throw Object.assign(new Error(String(data.message ?? 'Request failed')), { name });
  }
  return data;
}

export async function confirmPasswordAndCode(email: string, password: string, code: string): Promise<void> {
  const { userPoolClientId: ClientId } = await loadConfig();
  const started = await cognito('InitiateAuth', { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });
  if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
    if (started.AuthenticationResult?.RefreshToken) await cognito('RevokeToken', { ClientId, Token: started.AuthenticationResult.RefreshToken }).catch(() => undefined);
    throw Object.assign(new Error('Two-step sign-in is not on for this account.'), { name: 'InvalidParameterException' });
  }
  const done = await cognito('RespondToAuthChallenge', {
    ClientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: started.Session,
    ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
  });
  const refresh = done.AuthenticationResult?.RefreshToken;
  if (refresh) await cognito('RevokeToken', { ClientId, Token: refresh }).catch(() => undefined);
}
