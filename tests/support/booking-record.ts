/** A confirmed booking record for unit tests: 8 days with a car wash, $110.00 paid in full unless overridden. */
import type { Booking } from '../../shared/records';

export function bookingRecord(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b-1',
    status: 'reservation',
    customerId: 'c-1',
    userId: null,
    customer: { name: 'Aroha Ngata', email: 'aroha@example.com', contactNumber: '021 555 1234' },
    carRegistration: 'KTA123',
    dropOffDate: '2030-03-10',
    dropOffTime: '09:00',
    pickUpDate: '2030-03-17',
    pickUpTime: '11:30',
    departureFlight: 'NZ101',
    returnFlight: null,
    parkingBayNumber: null,
    days: 8,
    shuttleService: true,
    carWash: true,
    parkingCents: 5000,
    carWashCents: 6000,
    totalCents: 11000,
    paymentType: 'full',
    amountDueNowCents: 11000,
    checkoutSessionId: 'cs_test_1',
    createdAt: '2030-03-01T00:00:00.000Z',
    updatedAt: '2030-03-01T00:00:00.000Z',
    bookingReference: 'RP-7K3M9Q',
    payment: { type: 'full', amountPaidCents: 11000, balanceDueCents: 0, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-03-01T00:01:00.000Z' },
    ...overrides,
  };
}
