/** Sign Out from the header or the admin page: sign out (loading Amplify only now), say so, go to `/`. */
import type { ToastInput } from '../../ui/toast/toast-item';
import { authErrorMessage } from './auth-errors';
import { accountText } from './messages';

export async function signOutAndGoHome(navigate: (to: string) => void, toast: (t: ToastInput) => void): Promise<void> {
  try {
    const { signOut } = await import('./sign-out');
    await signOut();
    toast({ title: accountText.signedOutTitle, description: accountText.signedOut, variant: 'success' });
  } catch (e) {
    toast({ title: accountText.signOutFailed, description: authErrorMessage(e), variant: 'destructive' });
  } finally {
    navigate('/');
  }
}
