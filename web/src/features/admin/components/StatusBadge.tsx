/** A booking's status as the dashboard styles it (checkout destructive, checkin default, reservation secondary; cancelled outline). */
import { statusBadgeVariant, statusLabels, type StatusFilter } from '@shared/admin';

export function StatusBadge({ status }: { status: StatusFilter }) {
  return (
    <span className={`badge admin-badge-${statusBadgeVariant(status)}`}>
      <span className="sr-only">Status: </span>
      {statusLabels[status]}
    </span>
  );
}
