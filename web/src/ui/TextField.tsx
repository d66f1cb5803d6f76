/** A labelled text input with its error (see Field), optionally rewriting what is typed. */
import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Rewrites the text as typed (e.g. capitals) while keeping the caret where the user left it. */
  transform?: (value: string) => string;
}

export function TextField({ id, label, value, onValueChange, error, inputRef, transform, type = 'text', ...rest }: TextFieldProps) {
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
    <Field id={id} label={label} error={error}>
      {(control) => <input {...rest} {...control} ref={inputRef} type={type} value={value} onChange={onChange} />}
    </Field>
  );
}
