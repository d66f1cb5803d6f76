/** The frame every sign-in form shares: no browser validation (the forms say what is wrong), the page heading as its name, one pending submit button. */
import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../../ui/TextField';
import type { SignInFlow } from './flow';

export interface FormProps {
  flow: SignInFlow;
  /** The page heading's id: the form's accessible name. */
  headingId: string;
}

export function AuthForm({ flow, headingId, submitLabel, onSubmit, children }: FormProps & { submitLabel: string; onSubmit(): Promise<void> | void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.setError(null);
    void onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId}>
      {children}
      <button type="submit" className="btn btn-primary btn-block" disabled={flow.busy}>
        {flow.busy ? 'Please wait...' : submitLabel}
      </button>
    </form>
  );
}

/** The email of Welcome Back, Create Account and Reset Password: one value the three share. */
export function EmailField({ flow }: { flow: SignInFlow }) {
  return <TextField id="auth-email" label="Email" type="email" autoComplete="email" inputMode="email" spellCheck={false} required value={flow.email} onValueChange={flow.setEmail} />;
}
