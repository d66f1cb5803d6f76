/**
 * Change Password (Profile > Password & Security): current, new and confirm, each with show/hide; Update
 * Password stays disabled until all three are filled and reads 'Updating...' while busy. Cognito checks the
 * current password (docs/product-rules.md, Where the code differs from the brief).
 */
import { updatePassword } from '@aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ensureAmplify } from '../amplify';
import { authErrorMessage, isAuthError } from '../auth-errors';
import { accountText, PASSWORD_MIN_LENGTH } from '../messages';
import { PasswordField } from './PasswordField';

export function ChangePassword() {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setCurrent('');
    setNew('');
    setConfirm('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword !== confirmPassword) return setError(accountText.passwordsDiffer);
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setError(accountText.passwordTooShort);
    setError(null);
    setBusy(true);
    try {
      await ensureAmplify();
      await updatePassword({ oldPassword: currentPassword, newPassword });
      toast({ title: 'Success', description: accountText.passwordUpdated, variant: 'success' });
      close();
    } catch (err) {
      const message = isAuthError(err, 'NotAuthorizedException') && !/attempts/i.test((err as Error).message) ? 'Your current password is not right.' : authErrorMessage(err, accountText.passwordChangeFailed);
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="security-row">
        <div>
          <h3>Password</h3>
          <p className="muted small">Change the password you sign in with.</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
          Change Password
        </button>
      </div>
    );
  }
  const filled = currentPassword !== '' && newPassword !== '' && confirmPassword !== '';
  return (
    <form className="security-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change Password</h3>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <PasswordField id="current-password" label="Current Password" autoComplete="current-password" value={currentPassword} onValueChange={setCurrent} />
      <PasswordField id="new-password" label="New Password" autoComplete="new-password" value={newPassword} onValueChange={setNew} hint={accountText.passwordRule} />
      <PasswordField id="confirm-password" label="Confirm New Password" autoComplete="new-password" value={confirmPassword} onValueChange={setConfirm} />
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!filled || busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </div>
    </form>
  );
}
