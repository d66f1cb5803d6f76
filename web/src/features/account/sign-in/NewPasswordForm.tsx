/** The new password a reset link opens; an expired or used link offers a new one. */
import { confirmResetPassword } from '@aws-amplify/auth';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isAuthError } from '../auth-errors';
import { PasswordField } from '../components/PasswordField';
import { accountText, PASSWORD_MIN_LENGTH } from '../messages';
import { AuthForm, type FormProps } from './AuthForm';

export function NewPasswordForm({ flow, headingId }: FormProps) {
  const [, setParams] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const link = flow.resetLink;
  const submit = async () => {
    if (password.length < PASSWORD_MIN_LENGTH) return flow.refuse(accountText.passwordTooShort);
    if (password !== confirmPassword) return flow.refuse(accountText.passwordsDiffer);
    if (!link) return;
    await flow.attempt(
      accountText.resetFailed,
      async () => {
        await confirmResetPassword({ username: link.email, confirmationCode: link.code, newPassword: password });
        flow.toast({ title: accountText.passwordUpdated, description: 'Sign in with your new password.', variant: 'success' });
        setParams({ email: link.email }, { replace: true });
        flow.switchMode('signin');
      },
      (e) => {
        if (!isAuthError(e, 'ExpiredCodeException') && !isAuthError(e, 'CodeMismatchException')) return false;
        flow.setError(
          <>
            This reset link has expired or has already been used.{' '}
            <button type="button" className="link-button" onClick={() => flow.switchMode('reset')}>
              Send a new link
            </button>
          </>,
        );
        return true;
      },
    );
  };
  return (
    <AuthForm flow={flow} headingId={headingId} submitLabel="Update Password" onSubmit={submit}>
      {link && (
        <p>
          Account: <strong className="break-anywhere">{link.email}</strong>
        </p>
      )}
      <PasswordField id="auth-password" label="New password" autoComplete="new-password" required value={password} onValueChange={setPassword} hint={accountText.passwordRule} />
      <PasswordField id="auth-password-confirm" label="Confirm new password" autoComplete="new-password" required value={confirmPassword} onValueChange={setConfirmPassword} />
    </AuthForm>
  );
}
