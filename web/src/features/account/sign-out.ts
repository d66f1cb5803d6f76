/** Signs out (revokes the refresh token with Cognito and clears this browser's session). */
import { signOut as amplifySignOut } from '@aws-amplify/auth';
import { ensureAmplify } from './amplify';
import { announceAuthChange } from './session-hint';

export async function signOut(): Promise<void> {
  await ensureAmplify();
  try {
    await amplifySignOut();
  } finally {
    announceAuthChange();
  }
}
