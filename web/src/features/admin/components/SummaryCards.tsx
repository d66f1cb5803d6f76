/**
 * The four summary cards (docs/admin.md): Total Bookings, Total Revenue (2 decimals), Unique Customers, Today's Bookings.
 * Total Revenue says under it how much of it is collected and how much is still due at pick-up; Total Bookings, how many
 * damage claims are open (the All tab's Open damage claims filter lists their bookings).
 */
import type { AdminSummary } from '@shared/admin';
import { formatDollars } from '@shared/money';

export function SummaryCards({ summary }: { summary: AdminSummary | null }) {
  const cards: [string, string, string?][] = [
    ['Total Bookings', summary ? String(summary.total_bookings) : '…', summary && summary.open_claims > 0 ? `${summary.open_claims} open damage ${summary.open_claims === 1 ? 'claim' : 'claims'}` : undefined],
    ['Total Revenue', summary ? formatDollars(summary.total_revenue) : '…', summary ? `${formatDollars(summary.revenue_collected)} collected · ${formatDollars(summary.revenue_due)} due` : undefined],
    ['Unique Customers', summary ? String(summary.unique_customers) : '…'],
    ["Today's Bookings", summary ? String(summary.todays_bookings) : '…'],
  ];
  return (
    <ul className="admin-summary" aria-label="Summary" aria-busy={summary === null || undefined}>
      {cards.map(([label, value, detail]) => (
        <li key={label} className="card admin-summary-card">
          <span className="admin-summary-label">{label}</span>
          <strong className="admin-summary-value">{value}</strong>
          {detail && <span className="admin-summary-detail muted">{detail}</span>}
        </li>
      ))}
    </ul>
  );
}
