/** Welcome Back: email and password; leads to the authenticator code when two-step sign-in is on. */
import { signIn } from '@aws-amplify/auth';
import { useState } from 'react';
import { PasswordField } from '../components/PasswordField';
import { accountText } from '../messages';
import { AuthForm, EmailField, type FormProps } from './AuthForm';

export function SignInForm({ flow, headingId }: FormProps) {
  const [password, setPassword] = useState('');
  const submit = async () => {
    const username = flow.email.trim();
    if (!username || !password) return flow.refuse(accountText.missingFields, accountText.missingFieldsTitle);
    await flow.attempt(accountText.signInFailed, async () => {
      const out = await signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      const step = out.nextStep.signInStep;
      if (step === 'DONE') return flow.finishSignIn();
      if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return flow.switchMode('totp');
      if (step === 'CONFIRM_SIGN_UP') {
        return flow.setError(
          <>
            Please confirm your email address first.{' '}
            <button type="button" className="link-button" onClick={() => void flow.resend()}>
              Send the confirmation email again
            </button>
          </>,
        );
      }
      flow.fail(accountText.signInFailed, null, 'This sign-in needs a step this site does not support. Please contact us.');
    });
  };
  return (
    <AuthForm flow={flow} headingId={headingId} submitLabel="Sign In" onSubmit={submit}>
      <EmailField flow={flow} />
      <PasswordField id="auth-password" label="Password" autoComplete="current-password" required value={password} onValueChange={setPassword} />
      <p className="auth-forgot">
        <button type="button" className="link-button" onClick={() => flow.switchMode('reset')}>
          Forgot password?
        </button>
      </p>
    </AuthForm>
  );
}
