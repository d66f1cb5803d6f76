/**
 * The booking's history (docs/admin.md: every admin change is audited): who, when, and each field's old and new value.
 * The dialog's read brings the latest page; "Show older changes" adds the next older page below, until none is left.
 */
import { useState } from 'react';
import { ADD_ONS } from '@shared/add-ons';
import { adminMessages, statusLabels, type AuditEntry, type StatusFilter } from '@shared/admin';
import { errorMessage } from '../../../lib/api-client';
import { fetchOlderHistory } from '../api/fetch-history';
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

interface BookingHistoryProps {
  bookingId: string;
  /** The latest page, as the booking's read brought it. */
  history: AuditEntry[];
  /** Where the older page starts (the read's `history_older`); null when nothing is older. */
  older: string | null;
}

export function BookingHistory({ bookingId, history, older }: BookingHistoryProps) {
  // The pages read here, kept with the first page they follow: a new read of the booking starts again from it.
  const [more, setMore] = useState<{ after: AuditEntry[]; entries: AuditEntry[]; older: string | null }>({ after: history, entries: [], older });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = more.after === history ? more : { after: history, entries: [], older };
  const entries = [...history, ...current.entries];

  async function loadOlder() {
    if (!current.older) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchOlderHistory(bookingId, current.older);
      setMore({ after: history, entries: [...current.entries, ...page.history], older: page.history_older });
    } catch (e) {
      setError(errorMessage(e, adminMessages.historyLoadFailed));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="admin-history" aria-labelledby="admin-history-title">
      <h3 id="admin-history-title">History</h3>
      {entries.length === 0 ? (
        <p className="muted small">No changes recorded yet.</p>
      ) : (
        <ol>
          {entries.map((entry, i) => (
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
      {current.older && (
        <button type="button" className="btn btn-outline btn-sm admin-history-older" onClick={() => void loadOlder()} disabled={loading}>
          {loading ? 'Loading...' : adminMessages.olderHistory}
        </button>
      )}
      {error && (
        <p className="alert alert-error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
