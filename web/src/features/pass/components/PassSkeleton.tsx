/**
 * The pass before its booking has loaded: the same cards, headings, rows and buttons in the same places, with grey
 * bars where the booking's own values go, and the parts every pass shares (PassGuide) already in full. The build
 * pre-renders it as the pass's HTML shell (web/prerender-plugin.ts), so it paints as soon as the page arrives and the
 * loaded pass replaces it without moving what is on screen (no layout shift on a phone).
 */
import { PassBoarding } from './PassBoarding';
import { PassGuide } from './PassGuide';
import { QR_HINT } from './PassQrCode';
import { Bar, PassRows, paymentRows, stayRows } from './PassRows';

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
        <PassBoarding pass={null} />
        <p className="muted small">{QR_HINT}</p>
      </div>

      <section className="card pass-section" aria-labelledby="pass-stay">
        <h2 id="pass-stay">Your stay</h2>
        <PassRows rows={stayRows} pass={null} />
        <p className="muted small">All times are New Zealand time.</p>
      </section>

      <section className="card pass-section" aria-labelledby="pass-money">
        <h2 id="pass-money">Payment</h2>
        <PassRows rows={paymentRows} pass={null} />
        {/* The two downloads every pass has, as grey buttons of their size. */}
        <div className="pass-actions" aria-hidden="true">
          <span className="btn pass-placeholder">Add to calendar</span>
          <span className="btn pass-placeholder">Download invoice</span>
        </div>
      </section>

      <PassGuide />
    </div>
  );
}
