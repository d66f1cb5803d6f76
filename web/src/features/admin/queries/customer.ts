/** One customer's page (details and bookings) as a query; the customer editor's save has it read again. */
import { useQuery } from '@tanstack/react-query';
import { fetchCustomerBookings } from '../api/fetch-customer-bookings';
import { adminKeys } from './keys';

export const useCustomerBookings = (customerId: string) => useQuery({ queryKey: adminKeys.customerBookings(customerId), queryFn: ({ signal }) => fetchCustomerBookings(customerId, signal) });
