/** The booking summary on the booking, payment and failure screens: dates, days, shuttle, total incl. GST. */
import type { ReactNode } from 'react';
import { formatDollars } from '@shared/money';
import { formatLongDate, formatTime12, pluralDays } from '@shared/format';
import type { WallClock } from '@shared/nz-time';
import type { CustomerDetails, QuoteCost, QuoteData } from '../flow';
import { EmailText } from '../../../ui/EmailText';
import { SERVICE_ADD_ONS } from '../../../ui/ServiceChoices';
import { costKey } from '@shared/pricing';

const formatWhen = ({ date, time }: WallClock) => `${formatLongDate(date)}, ${formatTime12(time)}`;

/** One 'Label: value' row; the space keeps the row's text readable as one phrase. */
export function SummaryRow({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{label}:</dt> <dd>{children}</dd>
    </div>
  );
}

/** Drop-off, pick-up and duration: how every summary of a stay begins. */
export function StayRows({ dropOff, pickUp, days }: { dropOff: WallClock; pickUp: WallClock; days: number }) {
  return (
    <>
      <SummaryRow label="Drop-off">{formatWhen(dropOff)}</SummaryRow>
      <SummaryRow label="Pick-up">{formatWhen(pickUp)}</SummaryRow>
      <SummaryRow label="Duration">{pluralDays(days)}</SummaryRow>
    </>
  );
}

export function BookingSummary({ quoteData, cost, headingLevel = 2 }: { quoteData: QuoteData; cost: QuoteCost; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="card summary-card" aria-labelledby="booking-summary-title">
      <Heading id="booking-summary-title">Booking Summary</Heading>
      <dl className="summary-list">
        <StayRows dropOff={{ date: quoteData.dropOffDate, time: quoteData.dropOffTime }} pickUp={{ date: quoteData.pickUpDate, time: quoteData.pickUpTime }} days={cost.days} />
        {quoteData.departureFlightNumber && <SummaryRow label="Departure flight">{quoteData.departureFlightNumber}</SummaryRow>}
        {quoteData.returnFlightNumber && <SummaryRow label="Return flight">{quoteData.returnFlightNumber}</SummaryRow>}
        <SummaryRow label="Parking">{formatDollars(cost.parkingCost)}</SummaryRow>
        <SummaryRow label="Shuttle">Included</SummaryRow>
        {quoteData.carWash && <SummaryRow label="Car wash">{formatDollars(cost.carWashCost)}</SummaryRow>}
        {SERVICE_ADD_ONS.filter((s) => quoteData[s.id] === true).map((s) => (
          <SummaryRow key={s.id} label={s.name}>
            {formatDollars(cost[costKey(s.id)] ?? 0)}
          </SummaryRow>
        ))}
        <SummaryRow label="Total" className="summary-total">
          <span data-testid="summary-total">{formatDollars(cost.total)}</span> <span className="muted">incl. GST</span>
        </SummaryRow>
      </dl>
    </section>
  );
}

export function CustomerSummary({ customer }: { customer: CustomerDetails }) {
  return (
    <section className="card summary-card" aria-labelledby="customer-summary-title">
      <h2 id="customer-summary-title">Customer Details</h2>
      <dl className="summary-list">
        <SummaryRow label="Name">
          {customer.firstName} {customer.lastName}
        </SummaryRow>
        <SummaryRow label="Email">
          <EmailText email={customer.email} />
        </SummaryRow>
        <SummaryRow label="Contact number">{customer.contactNumber}</SummaryRow>
        <SummaryRow label="Car registration">{customer.carRegistration}</SummaryRow>
      </dl>
    </section>
  );
}
