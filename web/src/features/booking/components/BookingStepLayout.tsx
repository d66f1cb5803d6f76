/** The frame of booking steps 2 and 3: progress, title and lead, an optional banner, then the step beside its booking summary. */
import type { ReactNode } from 'react';
import type { BookingFlowState } from '../flow';
import { BookingSteps } from './BookingSteps';
import { BookingSummary } from './BookingSummary';

interface BookingStepLayoutProps {
  step: 2 | 3;
  title: string;
  lead: string;
  banner?: ReactNode;
  /** The booking so far; without one (no quote yet) the step takes the whole width. */
  flow: BookingFlowState | null;
  children: ReactNode;
}

export function BookingStepLayout({ step, title, lead, banner, flow, children }: BookingStepLayoutProps) {
  return (
    <section className="section booking-page">
      <div className="container">
        {/* Without a quote no dates are chosen yet: step 1 is still the one to do, never shown as done. */}
        <BookingSteps current={flow ? step : 1} />
        <h1 className="page-title">{title}</h1>
        <p className="lead-muted">{lead}</p>
        {banner}
        <div className={flow ? 'booking-layout' : 'booking-layout single'}>
          {children}
          {flow && (
            <aside className="booking-aside">
              <BookingSummary quoteData={flow.quoteData} cost={flow.cost} />
            </aside>
          )}
        </div>
      </div>
    </section>
  );
}
