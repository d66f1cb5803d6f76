/** The authenticator code, when two-step sign-in is on: the second step of Welcome Back. */
import { confirmSignIn } from '@aws-amplify/auth';
import { useState } from 'react';
import { TextField } from '../../../ui/TextField';
import { isAuthError } from '../auth-errors';
import { accountText } from '../messages';
import { AuthForm, type FormProps } from './AuthForm';

export function TotpForm({ flow, headingId }: FormProps) {
  const [code, setCode] = useState('');
  const submit = async () => {
    if (!/^\d{6}$/.test(code.trim())) return flow.refuse('Enter the 6-digit code from your authenticator app.');
    await flow.attempt(
      accountText.signInFailed,
      async () => {
        const out = await confirmSignIn({ challengeResponse: code.trim() });
        if (out.nextStep.signInStep === 'DONE') return flow.finishSignIn();
        flow.fail(accountText.signInFailed, null);
      },
      (e) => {
        if (!isAuthError(e, 'NotAuthorizedException')) return false;
        // The sign-in session behind the code has expired (Cognito allows a few minutes).
        flow.switchMode('signin');
        flow.setError('Your sign-in timed out. Please sign in again.');
        return true;
      },
    );
  };
  return (
    <AuthForm flow={flow} headingId={headingId} submitLabel="Verify" onSubmit={submit}>
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
    </AuthForm>
  );
}
