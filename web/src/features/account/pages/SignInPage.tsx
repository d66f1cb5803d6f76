/**
 * /login, /customer-auth and /auth: one sign-in page with three modes (docs/accounts.md: Welcome Back, Create
 * Account, Reset Password), plus the steps they lead to: the authenticator code when TOTP is on, 'check
 * your email' after sign-up or a reset request, and the new-password form a reset link opens. Each is its own
 * form in ../sign-in/; this page picks one and frames it.
 */
import { useId } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { returnState } from '../next-path';
import { useSessionHint } from '../session-hint';
import { AuthLinks } from '../sign-in/AuthLinks';
import { CheckEmail } from '../sign-in/CheckEmail';
import { SUBTITLES, TITLES, useSignInFlow, type SignInFlow } from '../sign-in/flow';
import { GoogleSignIn, useGoogleReturn } from '../sign-in/google';
import { NewPasswordForm } from '../sign-in/NewPasswordForm';
import { ResetRequestForm } from '../sign-in/ResetRequestForm';
import { SignInForm } from '../sign-in/SignInForm';
import { SignUpForm } from '../sign-in/SignUpForm';
import { TotpForm } from '../sign-in/TotpForm';
import '@/ui/widgets.css';
import '../account.css';

function ModeForm({ flow, headingId }: { flow: SignInFlow; headingId: string }) {
  switch (flow.mode) {
    case 'signin':
      return <SignInForm flow={flow} headingId={headingId} />;
    case 'signup':
      return <SignUpForm flow={flow} headingId={headingId} />;
    case 'reset':
      return <ResetRequestForm flow={flow} headingId={headingId} />;
    case 'totp':
      return <TotpForm flow={flow} headingId={headingId} />;
    case 'new-password':
      return <NewPasswordForm flow={flow} headingId={headingId} />;
    case 'check-email':
      return <CheckEmail flow={flow} />;
  }
}

export default function SignInPage() {
  const location = useLocation();
  const hint = useSessionHint();
  const flow = useSignInFlow();
  const finishingRedirect = useGoogleReturn(flow);
  const headingId = useId();
  const { mode, error } = flow;

  useDocumentMeta(TITLES[mode], 'Sign in to Runway Parking to manage your airport parking bookings.');

  if (hint && !flow.handled.current && mode !== 'new-password') return <Navigate to={flow.next} replace state={returnState(location.state, flow.next)} />;

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
          <ModeForm flow={flow} headingId={headingId} />
          <GoogleSignIn flow={flow} />
          <AuthLinks flow={flow} />
        </div>
      </div>
    </section>
  );
}
