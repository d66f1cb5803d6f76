/** Create Account: email and password; Cognito then sends the confirmation link (or the account is ready at once). */
import { signUp } from '@aws-amplify/auth';
import { useState } from 'react';
import { PasswordField } from '../components/PasswordField';
import { accountText, PASSWORD_MIN_LENGTH } from '../messages';
import { AuthForm, EmailField, type FormProps } from './AuthForm';

export function SignUpForm({ flow, headingId }: FormProps) {
  const [password, setPassword] = useState('');
  const submit = async () => {
    const username = flow.email.trim();
    if (!username || !password) return flow.refuse(accountText.missingFields, accountText.missingFieldsTitle);
    if (password.length < PASSWORD_MIN_LENGTH) return flow.refuse(accountText.passwordTooShort);
    await flow.attempt(accountText.signUpFailed, async () => {
      const out = await signUp({ username, password, options: { userAttributes: { email: username } } });
      if (out.isSignUpComplete) {
        flow.toast({ title: accountText.signedUpTitle, description: 'Your account is ready. You can sign in now.', variant: 'success' });
        return flow.switchMode('signin');
      }
      flow.toast({ title: accountText.signedUpTitle, description: accountText.signedUp, variant: 'success' });
      flow.emailSent('signup');
    });
  };
  return (
    <AuthForm flow={flow} headingId={headingId} submitLabel="Create Account" onSubmit={submit}>
      <EmailField flow={flow} />
      <PasswordField id="auth-password" label="Password" autoComplete="new-password" required value={password} onValueChange={setPassword} hint={accountText.passwordRule} />
    </AuthForm>
  );
}
