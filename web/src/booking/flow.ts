/**
 * What moves between the booking screens as navigation state (spec section 3): the quote data, the
 * cost in dollars, and later the customer. The server re-prices everything; these are for display.
 */
export interface QuoteData {
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
  needsShuttle: boolean;
  carWash: boolean;
  departureFlightNumber: string;
  returnFlightNumber: string;
  carRegistration: string;
  parkingBayNumber: string;
  parkingType: 'open';
}

export interface QuoteCost {
  days: number;
  parkingCost: number;
  shuttleCost: number;
  carWashCost: number;
  total: number;
  gst: number;
  parkingType: 'open';
}

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  carRegistration: string;
}

export interface BookingFlowState {
  quoteData: QuoteData;
  cost: QuoteCost;
  customer?: CustomerDetails;
}

export function isBookingFlowState(value: unknown): value is BookingFlowState {
  const v = value as BookingFlowState | null;
  return !!v && typeof v === 'object' && !!v.quoteData && !!v.cost && typeof v.cost.total === 'number';
}
