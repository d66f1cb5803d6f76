/**
 * Every form field's frame: the label, an optional hint, the control, and the error under it. The control
 * is rendered by the caller with the props that tie it to the label and to its hint and error (read out
 * by screen readers through aria-describedby), so inputs, selects, text areas and the date input share
 * one markup.
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
  hint?: string;
  /** Other elements that describe the control, read before its error. */
  describedBy?: string;
  children(control: FieldControlProps): ReactNode;
}

export function Field({ id, label, error, hint, describedBy, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describers = [hint ? hintId : undefined, describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describers })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
