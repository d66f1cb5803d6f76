/**
 * /login, /customer-auth and /auth: one sign-in page with three modes (docs/accounts.md: Welcome Back, Create
 * Account, Reset Password), plus the steps they lead to: the authenticator code when TOTP is on, 'check
 * your email' after sign-up or a reset request, and the new-password form a reset link opens.
 */
import { confirmResetPassword, confirmSignIn, resendSignUpCode, resetPassword, signIn, signInWithRedirect, signUp } from '@aws-amplify/auth';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { readAccountLink } from '@shared/account-links';
import { loadConfig } from '../../../lib/config';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ensureAmplify, finishRedirectSignIn } from '../amplify';
import { authErrorMessage, isAuthError } from '../auth-errors';
import { PasswordField } from '../components/PasswordField';
import { accountText, PASSWORD_MIN_LENGTH } from '../messages';
import { afterSignIn, returnState } from '../next-path';
import { announceAuthChange, useSessionHint } from '../session-hint';
import { isRedirectReturn, rememberSignInReturn, takeSignInReturn } from '../sign-in-return';
import '@/ui/widgets.css';
import '../account.css';

type Mode = 'signin' | 'signup' | 'reset' | 'totp' | 'check-email' | 'new-password';

const TITLES: Record<Mode, string> = {
  signin: 'Welcome Back',
  signup: 'Create Account',
  reset: 'Reset Password',
  totp: 'Two-step verification',
  'check-email': 'Check your email',
  'new-password': 'Choose a new password',
};

const SUBTITLES: Record<Mode, string> = {
  signin: 'Sign in to manage your bookings.',
  signup: 'Create an account to manage your bookings.',
  reset: "Enter your email and we'll send you a link to reset your password.",
  totp: 'Enter the 6-digit code from your authenticator app.',
  'check-email': '',
  'new-password': 'Enter a new password for your account.',
};

export default function SignInPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const hint = useSessionHint();
  const link = readAccountLink(location.search);
  const resetLink = link?.kind === 'reset' ? link : null;
  // The page the person was on (?next= or the header link's state), or the dashboard.
  const next = afterSignIn(params.get('next'), location.state);

  const [mode, setMode] = useState<Mode>(resetLink ? 'new-password' : 'signin');
  const [email, setEmail] = useState(resetLink?.email ?? params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const [sentFor, setSentFor] = useState<'signup' | 'reset'>('signup');
  const [googleEnabled, setGoogleEnabled] = useState(false);
  // Back from Google with a code: Amplify finishes the sign-in here, then the person goes where they were.
  const [finishingRedirect, setFinishingRedirect] = useState(() => isRedirectReturn(location.search));
  // Once this page signs someone in it navigates itself; the hint must not redirect first.
  const handled = useRef(finishingRedirect);
  const headingId = useId();

  useDocumentMeta(TITLES[mode], 'Sign in to Runway Parking to manage your airport parking bookings.');

  useEffect(() => {
    let live = true;
    loadConfig()
      .then((c) => live && setGoogleEnabled(c.googleSignIn && !!c.oauthDomain))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!finishingRedirect) return;
    let live = true;
    finishRedirectSignIn()
      .then(() => {
        if (!live) return;
        toast({ title: accountText.signedInTitle, description: accountText.signedIn, variant: 'success' });
        navigate(takeSignInReturn(), { replace: true });
      })
      .catch((e: unknown) => {
        if (!live) return;
        handled.current = false;
        setFinishingRedirect(false);
        fail(accountText.signInFailed, e, 'Google sign-in did not finish. Please try again.');
      });
    return () => {
      live = false;
    };
    // Once, for the address Cognito returned to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (hint && !handled.current && mode !== 'new-password') return <Navigate to={next} replace state={returnState(location.state, next)} />;

  const switchMode = (m: Mode) => {
    setMode(m);
    setError(null);
    setPassword('');
    setConfirmPassword('');
    setCode('');
  };

  const finishSignIn = () => {
    handled.current = true;
    announceAuthChange();
    toast({ title: accountText.signedInTitle, description: accountText.signedIn, variant: 'success' });
    navigate(next, { replace: true, state: returnState(location.state, next) });
  };

  const fail = (title: string, e: unknown, fallback?: string) => {
    const message = authErrorMessage(e, fallback);
    setError(message);
    toast({ title, description: message, variant: 'destructive' });
  };

  const resend = async () => {
    setBusy(true);
    try {
      await ensureAmplify();
      await resendSignUpCode({ username: email.trim() });
      setSentFor('signup');
      switchMode('check-email');
      toast({ title: 'Confirmation email sent', description: `We sent a new link to ${email.trim()}.`, variant: 'success' });
    } catch (e) {
      fail(accountText.signUpFailed, e);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const trimmed = email.trim();
    if (mode === 'reset' && !trimmed) {
      toast({ title: accountText.missingEmailTitle, description: accountText.missingEmail, variant: 'destructive' });
      setError(accountText.missingEmail);
      return;
    }
    if ((mode === 'signin' || mode === 'signup') && (!trimmed || !password)) {
      toast({ title: accountText.missingFieldsTitle, description: accountText.missingFields, variant: 'destructive' });
      setError(accountText.missingFields);
      return;
    }
    if ((mode === 'signup' || mode === 'new-password') && password.length < PASSWORD_MIN_LENGTH) {
      setError(accountText.passwordTooShort);
      return;
    }
    if (mode === 'new-password' && password !== confirmPassword) {
      setError(accountText.passwordsDiffer);
      return;
    }
    if (mode === 'totp' && !/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setBusy(true);
    try {
      await ensureAmplify();
      if (mode === 'signin') {
        const out = await signIn({ username: trimmed, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
        const step = out.nextStep.signInStep;
        if (step === 'DONE') return finishSignIn();
        if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return switchMode('totp');
        if (step === 'CONFIRM_SIGN_UP') {
          setError(
            <>
              Please confirm your email address first.{' '}
              <button type="button" className="link-button" onClick={() => void resend()}>
                Send the confirmation email again
              </button>
            </>,
          );
          return;
        }
        fail(accountText.signInFailed, null, 'This sign-in needs a step this site does not support. Please contact us.');
      } else if (mode === 'totp') {
        const out = await confirmSignIn({ challengeResponse: code.trim() });
        if (out.nextStep.signInStep === 'DONE') return finishSignIn();
        fail(accountText.signInFailed, null);
      } else if (mode === 'signup') {
        const out = await signUp({ username: trimmed, password, options: { userAttributes: { email: trimmed } } });
        if (out.isSignUpComplete) {
          toast({ title: accountText.signedUpTitle, description: 'Your account is ready. You can sign in now.', variant: 'success' });
          return switchMode('signin');
        }
        toast({ title: accountText.signedUpTitle, description: accountText.signedUp, variant: 'success' });
        setSentFor('signup');
        switchMode('check-email');
      } else if (mode === 'reset') {
        await resetPassword({ username: trimmed });
        toast({ title: accountText.resetSentTitle, description: accountText.resetSent, variant: 'success' });
        setSentFor('reset');
        switchMode('check-email');
      } else if (mode === 'new-password' && resetLink) {
        await confirmResetPassword({ username: resetLink.email, confirmationCode: resetLink.code, newPassword: password });
        toast({ title: accountText.passwordUpdated, description: 'Sign in with your new password.', variant: 'success' });
        setParams({ email: resetLink.email }, { replace: true });
        switchMode('signin');
      }
    } catch (err) {
      if (mode === 'totp' && isAuthError(err, 'NotAuthorizedException')) {
        // The sign-in session behind the code has expired (Cognito allows a few minutes).
        switchMode('signin');
        setError('Your sign-in timed out. Please sign in again.');
        return;
      }
      if (mode === 'new-password' && (isAuthError(err, 'ExpiredCodeException') || isAuthError(err, 'CodeMismatchException'))) {
        setError(
          <>
            This reset link has expired or has already been used.{' '}
            <button type="button" className="link-button" onClick={() => switchMode('reset')}>
              Send a new link
            </button>
          </>,
        );
        return;
      }
      const title = mode === 'signup' ? accountText.signUpFailed : mode === 'reset' || mode === 'new-password' ? accountText.resetFailed : accountText.signInFailed;
      fail(title, err);
    } finally {
      setBusy(false);
    }
  };

  const continueWithGoogle = async () => {
    try {
      await ensureAmplify();
      rememberSignInReturn(next);
      await signInWithRedirect({ provider: 'Google' });
    } catch (e) {
      fail(accountText.signInFailed, e);
    }
  };

  return (
    <section className="section auth-page">
      <div className="container">
        <div className="card auth-card">
          <h1 id={headingId} className="page-title">
            {TITLES[mode]}
          </h1>
          {SUBTITLES[mode] && <p className="muted">{SUBTITLES[mode]}</p>}
          {finishingRedirect && (
            <p className="muted" role="status">
              Signing you in with Google...
            </p>
          )}

          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}

          {mode === 'check-email' ? (
            <div className="auth-sent" role="status">
              <p>
                We sent an email to <strong className="break-anywhere">{email.trim()}</strong>.{' '}
                {sentFor === 'signup' ? 'Open the link in it to confirm your account, then sign in.' : 'Open the link in it to choose a new password.'}
              </p>
              <p className="muted small">No email after a few minutes? Check your spam folder{sentFor === 'signup' ? ', or send it again.' : ', or ask again.'}</p>
              <div className="form-actions">
                {sentFor === 'signup' ? (
                  <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void resend()}>
                    {busy ? 'Sending...' : 'Resend confirmation email'}
                  </button>
                ) : (
                  <button type="button" className="btn btn-outline" onClick={() => switchMode('reset')}>
                    Send another reset email
                  </button>
                )}
                <button type="button" className="btn btn-primary" onClick={() => switchMode('signin')}>
                  Back to sign in
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId}>
              {(mode === 'signin' || mode === 'signup' || mode === 'reset') && (
                <TextField id="auth-email" label="Email" type="email" autoComplete="email" inputMode="email" spellCheck={false} required value={email} onValueChange={setEmail} />
              )}
              {mode === 'new-password' && resetLink && (
                <p>
                  Account: <strong className="break-anywhere">{resetLink.email}</strong>
                </p>
              )}
              {(mode === 'signin' || mode === 'signup' || mode === 'new-password') && (
                <PasswordField
                  id="auth-password"
                  label={mode === 'new-password' ? 'New password' : 'Password'}
                  autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
                  required
                  value={password}
                  onValueChange={setPassword}
                  hint={mode === 'signin' ? undefined : accountText.passwordRule}
                />
              )}
              {mode === 'new-password' && (
                <PasswordField id="auth-password-confirm" label="Confirm new password" autoComplete="new-password" required value={confirmPassword} onValueChange={setConfirmPassword} />
              )}
              {mode === 'totp' && (
                <TextField
                  id="auth-totp"
                  label="Authentication code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={6}
                  required
                  autoFocus
                  value={code}
                  onValueChange={(v) => setCode(v.replace(/\D/g, ''))}
                />
              )}
              {mode === 'signin' && (
                <p className="auth-forgot">
                  <button type="button" className="link-button" onClick={() => switchMode('reset')}>
                    Forgot password?
                  </button>
                </p>
              )}
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? 'Please wait...' : mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : mode === 'reset' ? 'Send Reset Email' : mode === 'totp' ? 'Verify' : 'Update Password'}
              </button>
            </form>
          )}

          {googleEnabled && (mode === 'signin' || mode === 'signup') && (
            <>
              <p className="auth-divider">or</p>
              <button type="button" className="btn btn-outline btn-block" onClick={() => void continueWithGoogle()}>
                Continue with Google
              </button>
            </>
          )}

          <div className="auth-links">
            {mode === 'signin' && (
              <p>
                Don&apos;t have an account?{' '}
                <button type="button" className="link-button" onClick={() => switchMode('signup')}>
                  Create one
                </button>
              </p>
            )}
            {mode === 'signup' && (
              <p>
                Already have an account?{' '}
                <button type="button" className="link-button" onClick={() => switchMode('signin')}>
                  Sign in
                </button>
              </p>
            )}
            {(mode === 'reset' || mode === 'totp' || mode === 'new-password') && (
              <p>
                <button type="button" className="link-button" onClick={() => switchMode('signin')}>
                  Back to sign in
                </button>
              </p>
            )}
            {mode === 'signin' && (
              <p>
                Booked without an account? <Link to="/manage-booking">Manage my booking</Link>
              </p>
            )}
            <p>
              <Link to="/">Back to Home</Link>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
