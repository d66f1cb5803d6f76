/**
 * The shared date field: digits only, slashes inserted as you type (a typed slash ends the day or month),
 * DD/MM/YYYY. A complete valid date on or after `min` is committed and focus moves to the next field after
 * 100 ms; anything else reports no value and says why under the field: at once for a complete entry, on
 * leaving the field for an unfinished one. A calendar popover offers the same choice by pointer or keyboard.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { DATE_INPUT_MAX_LENGTH, DATE_INPUT_MESSAGES, DATE_INPUT_PLACEHOLDER, formatDateInput, isCompleteDateInput, parseDateInput, previewDateInput, toDateInput } from '@shared/date-input';
import { nzToday } from '@shared/nz-time';
import { CalendarIcon } from './CalendarIcon';
import { Field } from './Field';
import { useClock } from '@/lib/use-clock';

const loadCalendar = () => import('./CalendarPopover');
const CalendarPopover = lazy(loadCalendar);

const ALLOWED_KEYS = new Set(['/', 'Backspace', 'Tab', 'Escape', 'Enter', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
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
  /** What to say when a typed date is before `min` (default: that it is in the past). */
  minMessage?: string;
  /** A message from the form (a rule of the whole selection); the field's own reason comes first. */
  error?: string;
  /** Days the calendar marks full and will not offer. */
  unavailable?: ReadonlySet<string>;
}

/** Why a text cannot be taken as a date, or null when it can (or is still being typed). */
function textProblem(text: string, min: string | undefined, max: string | undefined, minMessage: string, left: boolean): string | null {
  if (text === '') return null;
  if (!isCompleteDateInput(text)) return left ? DATE_INPUT_MESSAGES.format : null;
  const iso = parseDateInput(text);
  if (!iso) return DATE_INPUT_MESSAGES.format;
  if (min && iso < min) return minMessage;
  if (max && iso > max) return DATE_INPUT_MESSAGES.format;
  return null;
}

/** The value the text stands for: a real date within the limits, or null. */
function acceptedValue(text: string, min: string | undefined, max: string | undefined): string | null {
  const iso = parseDateInput(text);
  if (!iso || (min && iso < min) || (max && iso > max)) return null;
  return iso;
}

export function DateInput({ id, label, value, onChange, min, max, nextFocusId, minMessage = DATE_INPUT_MESSAGES.past, error, unavailable }: DateInputProps) {
  const [text, setTextState] = useState(value ? toDateInput(value) : '');
  const now = useClock();
  // The text as last set, for effects that run in the same commit as the change (a restored value and its new min).
  const textNow = useRef(text);
  const setText = (next: string) => {
    textNow.current = next;
    setTextState(next);
  };
  // Set when the person leaves the field, cleared when they type again: an unfinished date is only an error once they move on.
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  // The popover's code loads the first time someone reaches for the calendar.
  const [calendarWanted, setCalendarWanted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The last value this field reported: anything else arriving in `value` is an outside change.
  const reported = useRef<string | null>(value);

  const report = (iso: string | null) => {
    reported.current = iso;
    onChange(iso);
  };

  useEffect(() => {
    // Follow outside changes (a calendar pick, a restored draft, a reset): what the form holds is what shows.
    if (value === reported.current) return;
    reported.current = value;
    setText(value ? toDateInput(value) : '');
    setLeft(false);
  }, [value]);
  useEffect(() => {
    // A new limit (the drop-off moved) can make the shown date acceptable or not: the form learns it at once.
    const accepted = acceptedValue(textNow.current, min, max);
    if (accepted !== reported.current && (accepted !== null || reported.current !== null)) report(accepted);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [min, max]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    const formatted = formatDateInput(next);
    setText(formatted);
    setLeft(false);
    const iso = acceptedValue(formatted, min, max);
    report(iso);
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
  const today = nzToday(now());
  const preview = value ?? previewDateInput(text, Number(today.slice(0, 4)));
  const focusDate = preview ?? min ?? today;
  const problem = textProblem(text, min, max, minMessage, left);

  return (
    <Field id={id} label={label} error={problem ?? error}>
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
            onBlur={() => setLeft(true)}
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
                unavailable={unavailable}
                onSelect={(iso) => {
                  setText(toDateInput(iso));
                  setLeft(false);
                  report(iso);
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
