/** Every number the chart draws, as a table: shown on request, and always there for screen readers. */
import { isFullDay, type Occupancy } from '@shared/occupancy';
import { dayLabel } from '../occupancy-view';

export function OccupancyTable({ occupancy, id, visible }: { occupancy: Occupancy; id: string; visible: boolean }) {
  return (
    <div id={id} className={visible ? 'occupancy-table-wrap' : 'sr-only'}>
      <table className="occupancy-table">
        <caption>Places used per day against a capacity of {occupancy.capacity}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Used</th>
            <th scope="col">Held by open checkouts</th>
            <th scope="col">Free</th>
            <th scope="col">At capacity</th>
          </tr>
        </thead>
        <tbody>
          {occupancy.days.map((d) => {
            const full = isFullDay(d, occupancy.capacity);
            return (
              <tr key={d.date} className={full ? 'occupancy-row-full' : undefined}>
                <th scope="row">{dayLabel(d.date)}</th>
                <td>{d.taken}</td>
                <td>{d.held}</td>
                <td>{d.free}</td>
                <td>{full ? 'Full' : 'No'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
