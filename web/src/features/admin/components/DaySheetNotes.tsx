/**
 * The day sheet's notes for its date: each booking's latest flagged note (the server sends only those), with how many
 * others the booking has for the date, which its own view lists.
 */
import type { FlaggedNote } from '@shared/admin';
import { earlierNotesText } from '@shared/yard';

export function DaySheetNotes({ notes, headingId }: { notes: FlaggedNote[]; headingId: string }) {
  if (notes.length === 0) return null;
  return (
    <section className="day-sheet-part" aria-labelledby={headingId}>
      <h2 id={headingId}>Notes for this date</h2>
      <ul className="day-tasks-list">
        {notes.map((n) => (
          <li key={n.id}>
            <strong>{n.booking_reference}</strong>: {n.text} <span className="muted">({n.author})</span>
            {n.earlier_notes > 0 && <span className="muted small"> {earlierNotesText(n.earlier_notes)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
