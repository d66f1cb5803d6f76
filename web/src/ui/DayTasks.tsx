/**
 * The add-on services to do on a date (the day sheet's tasks), for the desk's day sheet and the yard's
 * phone screen alike: the time, what to do for which booking, and whether the car is in yet.
 */
import type { DaySheetTask } from '@shared/admin';
import { formatTime12 } from '@shared/format';
import './widgets.css';

const WHEN = { after_drop_off: 'after the drop-off at', before_pick_up: 'ready before the pick-up at' } as const;
const CAR = { reservation: 'car not in yet', checkin: 'car in the yard', checkout: 'car gone' } as Record<string, string>;

export function DayTasks({ tasks, headingId, onOpen }: { tasks: readonly DaySheetTask[]; headingId: string; onOpen?(bookingId: string): void }) {
  return (
    <section className="day-tasks" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Services to do <span className="muted">{tasks.length}</span>
      </h2>
      {tasks.length === 0 ? (
        <p className="muted">No services booked for this date.</p>
      ) : (
        <ul className="day-tasks-list">
          {tasks.map((t) => (
            <li key={`${t.booking_id}-${t.service}`}>
              {onOpen ? (
                <button type="button" className="link-button" onClick={() => onOpen(t.booking_id)}>
                  {t.text}
                </button>
              ) : (
                <strong>{t.text}</strong>
              )}{' '}
              <span className="muted">
                {WHEN[t.when]} {formatTime12(t.time)}
                {CAR[t.status] ? ` · ${CAR[t.status]}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
