/**
 * A search input that commits what is typed after a pause (300 ms), so each keystroke does not become a
 * request; Enter commits at once. It follows outside changes of the committed text (a reload, a shared link).
 */
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onCommit(text: string): void;
}

export function SearchBox({ id, label, placeholder, value, onCommit }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    setText((t) => (t.trim() === value.trim() ? t : value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit.current(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="field admin-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        maxLength={100}
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          clearTimeout(timer.current);
          onCommit(text.trim());
        }}
      />
    </div>
  );
}
