/**
 * The pass before its booking has loaded: the same cards, headings, rows and buttons in the same places, with grey
 * bars where the booking's own values go, and the parts every pass shares (PassGuide) already in full. The build
 * pre-renders it as the pass's HTML shell (web/prerender-plugin.ts), so it paints as soon as the page arrives and the
 * loaded pass replaces it without moving what is on screen (issue 23: no layout shift on a phone).
 */
import { PassGuide } from './PassGuide';
import { QR_HINT } from './PassQrCode';
import { SummaryRow } from './SummaryRow';

const Bar = ({ width }: { width: string }) => (
  <span className="pass-placeholder" style={{ width }}>
    {'\u00a0'}
  </span>
);

export function PassSkeleton() {
  return (
    <div className="pass" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your booking pass...
      </p>
      <div className="card pass-head">
        <h1 className="page-title">Booking pass</h1>
        <p className="pass-reference">
          <span>Booking reference</span>
          <strong aria-hidden="true">
            <Bar width="9ch" />
          </strong>
        </p>
        <p>
          <span className="pass-status pass-placeholder" aria-hidden="true">
            {'\u00a0'}
          </span>
        </p>
        <div className="pass-qr pass-placeholder" aria-hidden="true" />
        <p className="muted small">{QR_HINT}</p>
      </div>

      <section className="card pass-section" aria-labelledby="pass-stay">
        <h2 id="pass-stay">Your stay</h2>
        <dl className="summary-list" aria-hidden="true">
          <SummaryRow label="Drop-off" className="pass-when">
            <Bar width="8rem" /> <Bar width="5rem" />
          </SummaryRow>
          <SummaryRow label="Pick-up" className="pass-when">
            <Bar width="8rem" /> <Bar width="5rem" />
          </SummaryRow>
          <SummaryRow label="Days">
            <Bar width="4rem" />
          </SummaryRow>
          <SummaryRow label="Car registration">
            <Bar width="5rem" />
          </SummaryRow>
          <SummaryRow label="Parking bay">
            <Bar width="9rem" />
          </SummaryRow>
        </dl>
        <p className="muted small">All times are New Zealand time.</p>
      </section>

      <section className="card pass-section" aria-labelledby="pass-money">
        <h2 id="pass-money">Payment</h2>
        <dl className="summary-list" aria-hidden="true">
          <SummaryRow label="Total (GST inclusive)">
            <Bar width="5rem" />
          </SummaryRow>
          <SummaryRow label="Paid">
            <Bar width="5rem" />
          </SummaryRow>
          <SummaryRow label="Balance due">
            <Bar width="5rem" />
          </SummaryRow>
        </dl>
      </section>

      <PassGuide />
    </div>
  );
}
