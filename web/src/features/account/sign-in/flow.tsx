/**
 * What the sign-in page's forms share (docs/accounts.md, "Sign-in page"): the mode on show, the email typed (it
 * carries over between Welcome Back, Create Account and Reset Password and is echoed by 'check your email'), the
 * one error line above the form, the pending flag of the submit button, and the steps every form ends in.
 */
import { resendSignUpCode } from '@aws-amplify/auth';
import { useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { readAccountLink, type AccountLink } from '@shared/account-links';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ensureAmplify } from '../amplify';
import { authErrorMessage } from '../auth-errors';
import { accountText } from '../messages';
import { goToPage } from '../../../lib/document-navigation';
import { afterSignIn, landingAfterSignIn, returnState } from '../next-path';
import { announceAuthChange, readSessionHint } from '../session-hint';
import { isRedirectReturn } from '../sign-in-return';

export type Mode = 'signin' | 'signup' | 'reset' | 'totp' | 'check-email' | 'new-password';

export const TITLES: Record<Mode, string> = {
  signin: 'Welcome Back',
  signup: 'Create Account',
  reset: 'Reset Password',
  totp: 'Two-step verification',
  'check-email': 'Check your email',
  'new-password': 'Choose a new password',
};

export const SUBTITLES: Record<Mode, string> = {
  signin: 'Sign in to manage your bookings.',
  signup: 'Create an account to manage your bookings.',
  reset: "Enter your email and we'll send you a link to reset your password.",
  totp: 'Enter the 6-digit code from your authenticator app.',
  'check-email': '',
  'new-password': 'Enter a new password for your account.',
};

export interface SignInFlow {
  mode: Mode;
  /** Shows another mode; its form starts empty (each form owns its password and code) and the error line clears. */
  switchMode(mode: Mode): void;
  email: string;
  setEmail(email: string): void;
  error: ReactNode;
  setError(error: ReactNode): void;
  busy: boolean;
  /** Which email 'check your email' talks about. */
  sentFor: 'signup' | 'reset';
  /** The reset link this page was opened with, if any. */
  resetLink: AccountLink | null;
  /** Where the person goes once signed in: the page they were on (?next= or the header link's state), or the dashboard. */
  next: string;
  /** True once this page has signed someone in (or is finishing Google's return): the session hint must not redirect first. */
  handled: { current: boolean };
  /** A check before anything is sent failed: the message on the error line, and as a toast when a title is given. */
  refuse(message: string, toastTitle?: string): void;
  /** Runs one Amplify step with the button pending; an error `recover` does not take is shown under `title`. */
  attempt(title: string, step: () => Promise<void>, recover?: (e: unknown) => boolean): Promise<void>;
  fail(title: string, e: unknown, fallback?: string): void;
  finishSignIn(): void;
  /** An email went out: 'check your email' says what it is for. */
  emailSent(kind: 'signup' | 'reset'): void;
  resend(): Promise<void>;
  toast: ReturnType<typeof useToast>['toast'];
}

export function useSignInFlow(): SignInFlow {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const link = readAccountLink(location.search);
  const resetLink = link?.kind === 'reset' ? link : null;
  const next = afterSignIn(params.get('next'), location.state);

  const [mode, setMode] = useState<Mode>(resetLink ? 'new-password' : 'signin');
  const [email, setEmail] = useState(resetLink?.email ?? params.get('email') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const [sentFor, setSentFor] = useState<'signup' | 'reset'>('signup');
  const handled = useRef(isRedirectReturn(location.search));

  const switchMode = (m: Mode) => {
    setMode(m);
    setError(null);
  };

  const fail = (title: string, e: unknown, fallback?: string) => {
    const message = authErrorMessage(e, fallback);
    setError(message);
    toast({ title, description: message, variant: 'destructive' });
  };

  const emailSent = (kind: 'signup' | 'reset') => {
    setSentFor(kind);
    switchMode('check-email');
  };

  return {
    mode,
    switchMode,
    email,
    setEmail,
    error,
    setError,
    busy,
    sentFor,
    resetLink,
    next,
    handled,
    toast,
    fail,
    emailSent,
    refuse(message, toastTitle) {
      if (toastTitle) toast({ title: toastTitle, description: message, variant: 'destructive' });
      setError(message);
    },
    async attempt(title, step, recover) {
      setBusy(true);
      try {
        await ensureAmplify();
        await step();
      } catch (e) {
        if (!recover?.(e)) fail(title, e);
      } finally {
        setBusy(false);
      }
    },
    finishSignIn() {
      handled.current = true;
      announceAuthChange();
      toast({ title: accountText.signedInTitle, description: accountText.signedIn, variant: 'success' });
      // Staff asked for nowhere in particular land in their own area, as the new id token's groups say.
      const to = landingAfterSignIn(next, readSessionHint()?.groups ?? []);
      goToPage(to, (path) => navigate(path, { replace: true, state: returnState(location.state, path) }), { replace: true });
    },
    async resend() {
      setBusy(true);
      try {
        await ensureAmplify();
        await resendSignUpCode({ username: email.trim() });
        emailSent('signup');
        toast({ title: 'Confirmation email sent', description: `We sent a new link to ${email.trim()}.`, variant: 'success' });
      } catch (e) {
        fail(accountText.signUpFailed, e);
      } finally {
        setBusy(false);
      }
    },
  };
}
