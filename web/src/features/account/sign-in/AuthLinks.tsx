/** The links under the sign-in card: to the other mode, back to sign in, and out of the page. */
import { Link } from 'react-router-dom';
import type { SignInFlow } from './flow';

export function AuthLinks({ flow }: { flow: SignInFlow }) {
  const { mode, switchMode } = flow;
  return (
    <div className="auth-links">
      {mode === 'signin' && (
        <p>
          Don&apos;t have an account?{' '}
          <button type="button" className="link-button" onClick={() => switchMode('signup')}>
            Create one
          </button>
        </p>
      )}
      {mode === 'signup' && (
        <p>
          Already have an account?{' '}
          <button type="button" className="link-button" onClick={() => switchMode('signin')}>
            Sign in
          </button>
        </p>
      )}
      {(mode === 'reset' || mode === 'totp' || mode === 'new-password') && (
        <p>
          <button type="button" className="link-button" onClick={() => switchMode('signin')}>
            Back to sign in
          </button>
        </p>
      )}
      {mode === 'signin' && (
        <p>
          Booked without an account? <Link to="/manage-booking">Manage my booking</Link>
        </p>
      )}
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </div>
  );
}
