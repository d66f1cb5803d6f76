/** Today in the yard: the next two hours of arrivals and departures first, then the rest of the day, and the notes flagged for today. */
import type { DaySheet } from '@shared/admin';
import { formatDollars } from '@shared/money';
import { earlierNotesText } from '@shared/yard';
import { DayTasks } from '../../../ui/DayTasks';
import { dayPlan, type PlanRow } from '../day-plan';

function Row({ r, onOpen }: { r: PlanRow; onOpen(id: string): void }) {
  const action = r.kind === 'arrival' ? 'Arriving' : 'Leaving';
  return (
    <li>
      <button type="button" className="yard-row" onClick={() => onOpen(r.booking_id)} aria-label={`${action} ${r.time} ${r.booking_reference} ${r.customer_name}`}>
        <span className="yard-row-time">{r.time}</span>
        <span className="yard-row-main">
          <strong>
            {action} · {r.booking_reference}
          </strong>
          <span>
            {r.customer_name} · {r.car_registration ?? 'No registration'}
            {r.parking_bay_number ? ` · bay ${r.parking_bay_number}` : ''}
            {r.balance_due > 0 ? ` · ${formatDollars(r.balance_due)} due` : ''}
          </span>
        </span>
        <span className="yard-row-status">{r.status === 'checkin' ? 'In' : r.status === 'checkout' ? 'Gone' : r.status === 'reservation' ? 'Booked' : r.status}</span>
      </button>
    </li>
  );
}

export function YardDay({ sheet, nowTime, onOpen }: { sheet: DaySheet; nowTime: string; onOpen(id: string): void }) {
  const { soon, later } = dayPlan(sheet, nowTime);
  return (
    <>
      {sheet.notes && sheet.notes.length > 0 && (
        <section className="yard-card" aria-labelledby="yard-flagged-title">
          <h2 id="yard-flagged-title">Notes for today</h2>
          <ul className="yard-flagged">
            {sheet.notes.map((n) => (
              <li key={n.id}>
                <button type="button" className="link-button" onClick={() => onOpen(n.booking_id)}>
                  {n.booking_reference}
                </button>
                : {n.text}
                {n.earlier_notes > 0 && <span className="muted small"> {earlierNotesText(n.earlier_notes)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {sheet.tasks && sheet.tasks.length > 0 && (
        <div className="yard-card">
          <DayTasks tasks={sheet.tasks} headingId="yard-tasks-title" onOpen={onOpen} />
        </div>
      )}
      <section className="yard-card" aria-labelledby="yard-soon-title">
        <h2 id="yard-soon-title">Next two hours</h2>
        {soon.length === 0 ? <p className="muted">Nothing due in the next two hours.</p> : <ul className="yard-rows">{soon.map((r) => <Row key={`${r.kind}-${r.booking_id}`} r={r} onOpen={onOpen} />)}</ul>}
      </section>
      <section className="yard-card" aria-labelledby="yard-later-title">
        <h2 id="yard-later-title">Rest of today</h2>
        {later.length === 0 ? <p className="muted">Nothing else today.</p> : <ul className="yard-rows">{later.map((r) => <Row key={`${r.kind}-${r.booking_id}`} r={r} onOpen={onOpen} />)}</ul>}
      </section>
    </>
  );
}
