/** The four summary cards (spec): Total Bookings, Total Revenue (2 decimals), Unique Customers, Today's Bookings. */
import type { AdminSummary } from '@shared/admin';
import { money } from '../format';

export function SummaryCards({ summary }: { summary: AdminSummary | null }) {
  const cards: [string, string][] = [
    ['Total Bookings', summary ? String(summary.total_bookings) : '…'],
    ['Total Revenue', summary ? money(summary.total_revenue) : '…'],
    ['Unique Customers', summary ? String(summary.unique_customers) : '…'],
    ["Today's Bookings", summary ? String(summary.todays_bookings) : '…'],
  ];
  return (
    <ul className="admin-summary" aria-label="Summary" aria-busy={summary === null || undefined}>
      {cards.map(([label, value]) => (
        <li key={label} className="card admin-summary-card">
          <span className="admin-summary-label">{label}</span>
          <strong className="admin-summary-value">{value}</strong>
        </li>
      ))}
    </ul>
  );
}
