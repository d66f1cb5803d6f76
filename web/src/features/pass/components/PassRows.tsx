/**
 * The rows of the pass's two lists, "Your stay" and "Payment", written once for the pass (PassPage) and its loading
 * skeleton (PassSkeleton): before the booking has loaded each row shows grey bars where its value goes. Every row is
 * always there (a flight not given says so, no add-on says None), so nothing below them moves when the pass replaces
 * the skeleton (no layout shift on a phone).
 */
import type { ReactNode } from 'react';
import { bookedAddOns } from '@shared/add-ons';
import { formatLongDate, formatTime12, pluralDays } from '@shared/format';
import { formatDollars } from '@shared/money';
import type { Pass } from '@shared/pass';
import { SummaryRow } from './SummaryRow';

/** A grey bar one line high, in place of a value the booking has not given yet. */
export const Bar = ({ width }: { width: string }) => (
  <span className="pass-placeholder" style={{ width }}>
    {'\u00a0'}
  </span>
);

export interface PassRow {
  label: string;
  className?: string;
  value(pass: Pass): ReactNode;
  /** The widths of the bars the skeleton shows; two bars sit on lines of their own, as the date and time do. */
  bars: string[];
}

// The date and the time on lines of their own at every width, as the skeleton's two bars are: no row changes height.
const when = (p: { date: string; time: string }) => (
  <>
    <span>{formatLongDate(p.date)}</span> <span>at {formatTime12(p.time)}</span>
  </>
);

export const stayRows: PassRow[] = [
  { label: 'Drop-off', className: 'pass-when', value: (p) => when(p.drop_off), bars: ['8rem', '5rem'] },
  { label: 'Pick-up', className: 'pass-when', value: (p) => when(p.pick_up), bars: ['8rem', '5rem'] },
  { label: 'Days', value: (p) => pluralDays(p.days), bars: ['4rem'] },
  { label: 'Departure flight', value: (p) => p.departure_flight ?? 'Not given', bars: ['5rem'] },
  {
    label: 'Return flight',
    value: (p) =>
      p.return_flight_notice ? (
        <>
          {p.return_flight}
          <span className="pass-flight-notice" role="note" data-testid="pass-flight-notice">
            {p.return_flight_notice}
          </span>
        </>
      ) : (
        (p.return_flight ?? 'Not given')
      ),
    bars: ['5rem'],
  },
  { label: 'Car registration', value: (p) => p.car_registration ?? 'Not set', bars: ['5rem'] },
  { label: 'Parking bay', value: (p) => p.parking_bay_number ?? 'Given when you arrive', bars: ['9rem'] },
  { label: 'Add-ons', value: (p) => bookedAddOns(p).map((a) => a.name).join(', ') || 'None', bars: ['6rem'] },
];

export const paymentRows: PassRow[] = [
  { label: 'Total (GST inclusive)', value: (p) => formatDollars(p.total_cost), bars: ['5rem'] },
  { label: 'Paid', value: (p) => formatDollars(p.amount_paid), bars: ['5rem'] },
  { label: 'Balance due', value: (p) => <strong data-testid="pass-balance">{formatDollars(p.balance_due)}</strong>, bars: ['5rem'] },
];

/** One list: the pass's values, or the skeleton's bars (hidden from screen readers, which hear the loading status). */
export function PassRows({ rows, pass }: { rows: PassRow[]; pass: Pass | null }) {
  return (
    <dl className="summary-list" aria-hidden={pass ? undefined : 'true'}>
      {rows.map((r) => (
        <SummaryRow key={r.label} label={r.label} className={r.className}>
          {pass ? r.value(pass) : r.bars.map((w, i) => [i > 0 && ' ', <Bar key={i} width={w} />])}
        </SummaryRow>
      ))}
    </dl>
  );
}
