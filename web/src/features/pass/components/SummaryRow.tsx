/** One label and value of the pass's summary lists (a `dl` row). */
import type { ReactNode } from 'react';

export function SummaryRow({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
