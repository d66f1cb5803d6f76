/**
 * Two-step sign-in with an authenticator app (TOTP), optional (docs/accounts.md): set up with a QR code and the
 * secret as text, verified by a code before it is turned on; turned off only with the password and a valid
 * current code. Cognito keeps the secret; this page never stores it.
 */
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from '@aws-amplify/auth';
import { useEffect, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { site } from '@shared/site';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ensureAmplify } from '../amplify';
import { authErrorMessage, isAuthError } from '../auth-errors';
import { confirmPasswordAndCode } from '../reauthenticate';
import { PasswordField } from './PasswordField';

type State = { step: 'loading' } | { step: 'off' } | { step: 'on' } | { step: 'setup'; secret: string; uri: string } | { step: 'turning-off' } | { step: 'error'; message: string };

const groups = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();
const sixDigits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

export function TwoStepSignIn({ email }: { email: string | null }) {
  const { toast } = useToast();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        await ensureAmplify();
        const pref = await fetchMFAPreference();
        if (live) setState({ step: pref.enabled?.includes('TOTP') ? 'on' : 'off' });
      } catch (e) {
        if (live) setState({ step: 'error', message: authErrorMessage(e, 'We could not read your sign-in settings.') });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const reset = (next: State) => {
    setState(next);
    setCode('');
    setPassword('');
    setError(null);
  };

  const startSetup = async () => {
    setBusy(true);
    try {
      const details = await setUpTOTP();
      reset({ step: 'setup', secret: details.sharedSecret, uri: details.getSetupUri(site.brand, email ?? undefined).href });
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    try {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      reset({ step: 'on' });
      toast({ title: 'Two-step sign-in is on', description: 'We will ask for a code from your authenticator app when you sign in.', variant: 'success' });
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !/^\d{6}$/.test(code)) return setError('Enter your password and the 6-digit code from your authenticator app.');
    if (!email) return setError('We could not read your email address. Sign out and in again.');
    setBusy(true);
    try {
      await confirmPasswordAndCode(email, password, code);
      await updateMFAPreference({ totp: 'DISABLED' });
      reset({ step: 'off' });
      toast({ title: 'Two-step sign-in is off', description: 'You will sign in with your password only.', variant: 'success' });
    } catch (err) {
      setError(isAuthError(err, 'NotAuthorizedException') && !/attempts/i.test((err as Error).message) ? 'Your password is not right.' : authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const alert = error && (
    <div className="alert alert-error" role="alert">
      {error}
    </div>
  );

  return (
    <section className="security-block" aria-labelledby="two-step-title">
      <div className="security-row">
        <div>
          <h3 id="two-step-title">Two-step sign-in</h3>
          <p className="muted small">
            {state.step === 'on' || state.step === 'turning-off'
              ? 'On: signing in asks for a code from your authenticator app.'
              : 'Off: add an authenticator app (such as Google Authenticator or 1Password) for a code at sign-in.'}
          </p>
        </div>
        {state.step === 'off' && (
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void startSetup()}>
            {busy ? 'Starting...' : 'Set up'}
          </button>
        )}
        {state.step === 'on' && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => reset({ step: 'turning-off' })}>
            Turn off
          </button>
        )}
      </div>
      {state.step === 'loading' && <p className="muted small">Loading...</p>}
      {state.step === 'error' && <p className="field-error">{state.message}</p>}
      {state.step === 'off' && alert}

      {state.step === 'setup' && (
        <form className="security-form" onSubmit={(e) => void verify(e)} noValidate aria-label="Set up two-step sign-in">
          <ol className="totp-steps">
            <li>Scan this QR code with your authenticator app.</li>
            <li>
              Or enter this key by hand: <code className="totp-secret" aria-label={`Setup key ${state.secret.split('').join(' ')}`}>{groups(state.secret)}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="totp-qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: renderSVG(state.uri, { border: 2 }) }} />
          {alert}
          <TextField id="totp-setup-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onValueChange={(v) => setCode(sixDigits(v))} />
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => reset({ step: 'off' })}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || code.length !== 6}>
              {busy ? 'Verifying...' : 'Verify and turn on'}
            </button>
          </div>
        </form>
      )}

      {state.step === 'turning-off' && (
        <form className="security-form" onSubmit={(e) => void turnOff(e)} noValidate aria-label="Turn off two-step sign-in">
          <p>To turn off two-step sign-in, confirm your password and a current code from your authenticator app.</p>
          {alert}
          <PasswordField id="totp-off-password" label="Password" autoComplete="current-password" value={password} onValueChange={setPassword} />
          <TextField id="totp-off-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onValueChange={(v) => setCode(sixDigits(v))} />
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => reset({ step: 'on' })}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy || !password || code.length !== 6}>
              {busy ? 'Turning off...' : 'Turn off'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
