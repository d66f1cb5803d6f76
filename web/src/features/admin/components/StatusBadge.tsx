/** A booking's status as the spec styles it (checkout destructive, checkin default, reservation secondary). */
import { statusBadgeVariant, statusLabels, type AdminStatus } from '@shared/admin';

export function StatusBadge({ status }: { status: AdminStatus }) {
  return (
    <span className={`badge admin-badge-${statusBadgeVariant(status)}`}>
      <span className="sr-only">Status: </span>
      {statusLabels[status]}
    </span>
  );
}
