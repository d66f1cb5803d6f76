/** A password input with a show/hide toggle, in the shared field frame (label, optional rule, error). */
import { useState, type InputHTMLAttributes } from 'react';
import { Field } from '../../../ui/Field';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
  error?: string;
}

export function PasswordField({ id, label, value, onValueChange, hint, error, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <div className="password-input">
          <input {...rest} {...control} type={visible ? 'text' : 'password'} value={value} onChange={(e) => onValueChange(e.target.value)} autoCapitalize="none" spellCheck={false} />
          <button type="button" className="password-toggle" onClick={() => setVisible((v) => !v)} aria-pressed={visible} aria-controls={id}>
            {visible ? 'Hide' : 'Show'}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
