/** The booking's history (docs/admin.md: every admin change is audited): who, when, and each field's old and new value. */
import { ADD_ONS } from '@shared/add-ons';
import { statusLabels, type AuditEntry, type StatusFilter } from '@shared/admin';
import { formatTime12 } from '@shared/format';
import { isCalendarDate, isClockTime } from '@shared/nz-time';
import { nzDate, nzStamp } from '../format';

const FIELD_NAMES: Record<string, string> = {
  drop_off_date: 'Drop-off date',
  drop_off_time: 'Drop-off time',
  pick_up_date: 'Pick-up date',
  pick_up_time: 'Pick-up time',
  car_registration: 'Car registration',
  parking_bay_number: 'Parking bay',
  status: 'Status',
  shuttle_service: 'Shuttle service',
  ...Object.fromEntries(ADD_ONS.map((a) => [a.field, a.name])),
  total_cost: 'Total cost',
  balance_due: 'Balance due',
  amount_paid: 'Amount paid',
  payment: 'Payment recorded',
  late_fee: 'Late pick-up fee',
  checkout_override: 'Checked out with money due',
  status_override: 'Status changed by an admin out of the usual order',
  key_tag: 'Key tag',
  name: 'Customer name',
  email: 'Email address',
  contact_number: 'Contact number',
};

const fieldName = (field: string) => FIELD_NAMES[field] ?? field.replace(/_/g, ' ');

function shown(field: string, value: string | null): string {
  if (value === null || value === '') return 'Not set';
  if (field === 'status' && value in statusLabels) return statusLabels[value as StatusFilter];
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  if (isCalendarDate(value)) return nzDate(value);
  if (isClockTime(value)) return formatTime12(value);
  return value;
}

export function BookingHistory({ history }: { history: AuditEntry[] }) {
  return (
    <section className="admin-history" aria-labelledby="admin-history-title">
      <h3 id="admin-history-title">History</h3>
      {history.length === 0 ? (
        <p className="muted small">No changes recorded yet.</p>
      ) : (
        <ol>
          {history.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <p className="small">
                <time dateTime={entry.at}>{nzStamp(entry.at)}</time> by <span className="break-anywhere">{entry.by}</span>
              </p>
              <ul>
                {entry.changes.map((c) => (
                  <li key={c.field}>
                    {fieldName(c.field)}: {shown(c.field, c.old)} <span aria-hidden="true">→</span>
                    <span className="sr-only"> changed to</span> {shown(c.field, c.new)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
