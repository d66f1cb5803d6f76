/**
 * Every form field's frame: the label, the control, and the error under it. The caller renders the
 * control with the props that tie it to the label and to its error (read out by screen readers through
 * aria-describedby), so inputs, selects, text areas and the date input share one markup.
 */
import type { ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  /** A rule to read before typing (password length, say), tied to the control like the error. */
  hint?: string;
  children(control: FieldControlProps): ReactNode;
}

export function Field({ id, label, error, hint, children }: FieldProps) {
  const errorId = `${id}-error`;
  const described = [hint && `${id}-hint`, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
