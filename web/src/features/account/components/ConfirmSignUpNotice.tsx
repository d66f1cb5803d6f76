/**
 * Opened from the sign-up e-mail's link (`/?email=...&confirm=...`): confirms the account, says so, and
 * offers the way on: sign in, or a new link when this one expired or was replaced.
 */
import { confirmSignUp, resendSignUpCode } from '@aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountLink } from '@shared/account-links';
import { ensureAmplify } from '../amplify';
import { authErrorMessage, isAuthError } from '../auth-errors';
import '@/ui/widgets.css';
import '../account.css';

type State = 'confirming' | 'confirmed' | 'already' | 'expired' | 'resent' | 'error';

export default function ConfirmSignUpNotice({ link, onDone }: { link: AccountLink; onDone(): void }) {
  const [state, setState] = useState<State>('confirming');
  const [message, setMessage] = useState('');
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once per link: React's development double effects must not spend the code twice.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await ensureAmplify();
        await confirmSignUp({ username: link.email, confirmationCode: link.code });
        setState('confirmed');
      } catch (e) {
        if (isAuthError(e, 'NotAuthorizedException') && /CONFIRMED/i.test((e as Error).message)) setState('already');
        else if (isAuthError(e, 'ExpiredCodeException') || isAuthError(e, 'CodeMismatchException')) setState('expired');
        else {
          setMessage(authErrorMessage(e));
          setState('error');
        }
      } finally {
        onDone();
      }
    })();
  }, [link, onDone]);

  useEffect(() => {
    if (state !== 'confirming') heading.current?.focus();
  }, [state]);

  const resend = async () => {
    try {
      await resendSignUpCode({ username: link.email });
      setState('resent');
    } catch (e) {
      setMessage(authErrorMessage(e));
      setState('error');
    }
  };

  const signIn = `/login?email=${encodeURIComponent(link.email)}`;
  return (
    <div className="container">
      <div className={`account-notice card ${state === 'confirmed' || state === 'already' || state === 'resent' ? 'account-notice-ok' : state === 'confirming' ? '' : 'account-notice-error'}`} role="status" aria-live="polite">
        {state === 'confirming' && <p>Confirming your account...</p>}
        {(state === 'confirmed' || state === 'already') && (
          <>
            <h2 ref={heading} tabIndex={-1}>
              {state === 'confirmed' ? 'Your account is confirmed' : 'This account is already confirmed'}
            </h2>
            <p>{state === 'confirmed' ? 'Thank you. Sign in with your email and password to manage your bookings.' : 'You can sign in with your email and password.'}</p>
            <Link className="btn btn-primary" to={signIn}>
              Sign In
            </Link>
          </>
        )}
        {state === 'expired' && (
          <>
            <h2 ref={heading} tabIndex={-1}>This confirmation link has expired</h2>
            <p>It may have been replaced by a newer email. We can send you a new link.</p>
            <button type="button" className="btn btn-primary" onClick={() => void resend()}>
              Send a new link
            </button>
          </>
        )}
        {state === 'resent' && (
          <>
            <h2 ref={heading} tabIndex={-1}>Check your email</h2>
            <p>
              We sent a new confirmation link to <strong className="break-anywhere">{link.email}</strong>.
            </p>
          </>
        )}
        {state === 'error' && (
          <>
            <h2 ref={heading} tabIndex={-1}>We could not confirm your account</h2>
            <p>{message}</p>
            <Link className="btn btn-outline" to="/contact">
              Contact us
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
