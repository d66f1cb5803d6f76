/**
 * A one-month calendar (week starts on Sunday, US English names) as a grid of day buttons.
 * Arrow keys move by day and week, Page Up/Down by month; days outside [min, max] are disabled, and so are
 * days the yard is full (said in each day's name, marked, and explained under the grid).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, daysInMonth } from '@shared/nz-time';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface CalendarProps {
  /** Selected ISO date, if any. */
  value: string | null;
  /** ISO date that decides which month shows first (value, preview or min). */
  focusDate: string;
  min?: string;
  max?: string;
  /** Days with no place left. */
  unavailable?: ReadonlySet<string>;
  onSelect(iso: string): void;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function Calendar({ value, focusDate, min, max, unavailable, onSelect, label }: CalendarProps) {
  const [active, setActive] = useState(focusDate);
  const gridRef = useRef<HTMLTableElement>(null);
  const [y, m] = active.split('-').map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const count = daysInMonth(y, m);
  const outOfRange = (d: string) => (min !== undefined && d < min) || (max !== undefined && d > max);
  const full = (d: string) => !outOfRange(d) && (unavailable?.has(d) ?? false);
  const disabled = (d: string) => outOfRange(d) || full(d);


  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${active}"]`)?.focus();
  }, [active]);

  const cells: (string | null)[] = [...Array<null>(firstWeekday).fill(null), ...Array.from({ length: count }, (_, i) => iso(y, m, i + 1))];
  while (cells.length % 7) cells.push(null);
  const monthHasFull = cells.some((d) => d !== null && full(d));
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      PageUp: () => addMonths(active, -1),
      PageDown: () => addMonths(active, 1),
      Home: () => addDays(active, -new Date(`${active}T00:00:00Z`).getUTCDay()),
      End: () => addDays(active, 6 - new Date(`${active}T00:00:00Z`).getUTCDay()),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setActive(move());
    }
  };

  return (
    <div className="calendar">
      <div className="calendar-head">
        <button type="button" className="icon-button" onClick={() => setActive(addMonths(active, -1))} aria-label="Previous month">
          ‹
        </button>
        <p className="calendar-title" aria-live="polite">
          {MONTHS[m - 1]} {y}
        </p>
        <button type="button" className="icon-button" onClick={() => setActive(addMonths(active, 1))} aria-label="Next month">
          ›
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-label={`${label}, ${MONTHS[m - 1]} ${y}`} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((d, i) => (
              <th key={d} scope="col" abbr={WEEKDAY_NAMES[i]}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, wi) => (
            <tr key={wi}>
              {week.map((d, di) => (
                <td key={di}>
                  {d && (
                    <button
                      type="button"
                      data-date={d}
                      tabIndex={d === active ? 0 : -1}
                      disabled={disabled(d)}
                      aria-pressed={d === value}
                      aria-label={`${WEEKDAY_NAMES[new Date(`${d}T00:00:00Z`).getUTCDay()]} ${Number(d.slice(8))} ${MONTHS[m - 1]} ${y}${full(d) ? ', full' : ''}`}
                      className={['day', d === value ? 'selected' : '', full(d) ? 'full' : ''].filter(Boolean).join(' ')}
                      onClick={() => onSelect(d)}
                    >
                      {Number(d.slice(8))}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {monthHasFull && <p className="calendar-note">Days struck through in red are full.</p>}
    </div>
  );
}
