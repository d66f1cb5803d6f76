/** Reset Password: the email a reset link goes to. */
import { resetPassword } from '@aws-amplify/auth';
import { accountText } from '../messages';
import { AuthForm, EmailField, type FormProps } from './AuthForm';

export function ResetRequestForm({ flow, headingId }: FormProps) {
  const submit = async () => {
    const username = flow.email.trim();
    if (!username) return flow.refuse(accountText.missingEmail, accountText.missingEmailTitle);
    await flow.attempt(accountText.resetFailed, async () => {
      await resetPassword({ username });
      flow.toast({ title: accountText.resetSentTitle, description: accountText.resetSent, variant: 'success' });
      flow.emailSent('reset');
    });
  };
  return (
    <AuthForm flow={flow} headingId={headingId} submitLabel="Send Reset Email" onSubmit={submit}>
      <EmailField flow={flow} />
    </AuthForm>
  );
}
