/** Sign-in with Google (when the site's config turns it on): the button that leaves for Cognito's hosted page, and finishing the sign-in when the person comes back. */
import { signInWithRedirect } from '@aws-amplify/auth';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadConfig } from '../../../lib/config';
import { goToPage } from '../../../lib/document-navigation';
import { ensureAmplify, finishRedirectSignIn } from '../amplify';
import { accountText } from '../messages';
import { landingAfterSignIn } from '../next-path';
import { readSessionHint } from '../session-hint';
import { isRedirectReturn, rememberSignInReturn, takeSignInReturn } from '../sign-in-return';
import type { SignInFlow } from './flow';

/** Back from Google with a code: Amplify finishes the sign-in here, then the person goes where they were. True while it does. */
export function useGoogleReturn(flow: SignInFlow): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(() => isRedirectReturn(location.search));
  useEffect(() => {
    if (!finishing) return;
    let live = true;
    finishRedirectSignIn()
      .then(() => {
        if (!live) return;
        flow.toast({ title: accountText.signedInTitle, description: accountText.signedIn, variant: 'success' });
        goToPage(landingAfterSignIn(takeSignInReturn(), readSessionHint()?.groups ?? []), (to) => navigate(to, { replace: true }), { replace: true });
      })
      .catch((e: unknown) => {
        if (!live) return;
        flow.handled.current = false;
        setFinishing(false);
        flow.fail(accountText.signInFailed, e, 'Google sign-in did not finish. Please try again.');
      });
    return () => {
      live = false;
    };
    // Once, for the address Cognito returned to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return finishing;
}

export function GoogleSignIn({ flow }: { flow: SignInFlow }) {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    loadConfig()
      .then((c) => live && setEnabled(c.googleSignIn && !!c.oauthDomain))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!enabled || (flow.mode !== 'signin' && flow.mode !== 'signup')) return null;

  const continueWithGoogle = async () => {
    try {
      await ensureAmplify();
      rememberSignInReturn(flow.next);
      await signInWithRedirect({ provider: 'Google' });
    } catch (e) {
      flow.fail(accountText.signInFailed, e);
    }
  };
  return (
    <>
      <p className="auth-divider">or</p>
      <button type="button" className="btn btn-outline btn-block" onClick={() => void continueWithGoogle()}>
        Continue with Google
      </button>
    </>
  );
}
