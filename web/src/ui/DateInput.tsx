/**
 * The shared date field: digits only, slashes inserted as you type, DD/MM/YYYY. A complete valid date is
 * committed and focus moves to the next field after 100 ms; anything else reports no value. A calendar
 * popover offers the same choice by pointer or keyboard.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { DATE_INPUT_MAX_LENGTH, DATE_INPUT_PLACEHOLDER, formatDateInput, parseDateInput, previewDateInput, toDateInput } from '@shared/date-input';
import { nzToday } from '@shared/nz-time';
import { CalendarIcon } from './CalendarIcon';
import { Field } from './Field';

const loadCalendar = () => import('./CalendarPopover');
const CalendarPopover = lazy(loadCalendar);

const ALLOWED_KEYS = new Set(['Backspace', 'Tab', 'Escape', 'Enter', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const SHORTCUTS = new Set(['a', 'c', 'v', 'x']);
export const FOCUS_NEXT_DELAY_MS = 100;

interface DateInputProps {
  id: string;
  label: string;
  value: string | null;
  onChange(iso: string | null): void;
  min?: string;
  max?: string;
  /** Id of the element that takes focus once a full date is entered. */
  nextFocusId?: string;
  error?: string;
}

export function DateInput({ id, label, value, onChange, min, max, nextFocusId, error }: DateInputProps) {
  const [text, setText] = useState(value ? toDateInput(value) : '');
  const [open, setOpen] = useState(false);
  // The popover's code loads the first time someone reaches for the calendar.
  const [calendarWanted, setCalendarWanted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    // Follow outside changes (a calendar pick, a reset) without fighting the user's typing.
    if (value && parseDateInput(text) !== value) setText(toDateInput(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    const formatted = formatDateInput(next);
    setText(formatted);
    const iso = parseDateInput(formatted);
    onChange(iso);
    if (iso && nextFocusId) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => document.getElementById(nextFocusId)?.focus(), FOCUS_NEXT_DELAY_MS);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.ctrlKey || e.metaKey) && SHORTCUTS.has(e.key.toLowerCase())) return;
    if (ALLOWED_KEYS.has(e.key) || /^\d$/.test(e.key)) return;
    e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    commit(e.clipboardData.getData('text'));
  };

  // Today in New Zealand, wherever the browser is: the calendar and the partial-date year follow NZ time.
  const today = nzToday();
  const preview = value ?? previewDateInput(text, Number(today.slice(0, 4)));
  const focusDate = preview ?? min ?? today;

  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <div className="date-input">
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={DATE_INPUT_PLACEHOLDER}
            maxLength={DATE_INPUT_MAX_LENGTH}
            value={text}
            onKeyDown={onKeyDown}
            onFocus={() => void loadCalendar()}
            onPaste={onPaste}
            onChange={(e) => commit(e.target.value)}
          />
          {calendarWanted ? (
            <Suspense fallback={<CalendarButton label={label} busy />}>
              <CalendarPopover
                label={label}
                open={open}
                onOpenChange={setOpen}
                value={value}
                focusDate={focusDate}
                min={min}
                max={max}
                onSelect={(iso) => {
                  setText(toDateInput(iso));
                  onChange(iso);
                  setOpen(false);
                  if (nextFocusId) setTimeout(() => document.getElementById(nextFocusId)?.focus(), FOCUS_NEXT_DELAY_MS);
                }}
              />
            </Suspense>
          ) : (
            <CalendarButton
              label={label}
              onPointerEnter={() => void loadCalendar()}
              onClick={() => {
                setCalendarWanted(true);
                setOpen(true);
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}

function CalendarButton({ label, busy, onClick, onPointerEnter }: { label: string; busy?: boolean; onClick?(): void; onPointerEnter?(): void }) {
  return (
    <button
      type="button"
      className="icon-button calendar-button"
      aria-label={`Choose ${label.toLowerCase()} from a calendar`}
      aria-busy={busy || undefined}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      <CalendarIcon />
    </button>
  );
}
