/** A labelled input with its error underneath, linked by aria-describedby. */
import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Rewrites the text as typed (e.g. capitals) while keeping the caret where the user left it. */
  transform?: (value: string) => string;
}

export function TextField({ id, label, value, onValueChange, error, hint, inputRef, transform, type = 'text', ...rest }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    if (transform) {
      const next = transform(el.value);
      if (next !== el.value) {
        const { selectionStart, selectionEnd } = el;
        el.value = next;
        // Only text-like inputs have a caret to keep (email and number inputs throw).
        if (selectionStart !== null && selectionEnd !== null && el.type === 'text') el.setSelectionRange(selectionStart, selectionEnd);
      }
    }
    onValueChange(el.value);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        {...rest}
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
