/** 'Check your email' after Create Account or Reset Password: what the email is for, and sending it again. */
import type { SignInFlow } from './flow';

export function CheckEmail({ flow }: { flow: SignInFlow }) {
  const signup = flow.sentFor === 'signup';
  return (
    <div className="auth-sent" role="status">
      <p>
        We sent an email to <strong className="break-anywhere">{flow.email.trim()}</strong>.{' '}
        {signup ? 'Open the link in it to confirm your account, then sign in.' : 'Open the link in it to choose a new password.'}
      </p>
      <p className="muted small">No email after a few minutes? Check your spam folder{signup ? ', or send it again.' : ', or ask again.'}</p>
      <div className="form-actions">
        {signup ? (
          <button type="button" className="btn btn-outline" disabled={flow.busy} onClick={() => void flow.resend()}>
            {flow.busy ? 'Sending...' : 'Resend confirmation email'}
          </button>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => flow.switchMode('reset')}>
            Send another reset email
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={() => flow.switchMode('signin')}>
          Back to sign in
        </button>
      </div>
    </div>
  );
}
