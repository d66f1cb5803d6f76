/**
 * The New Booking dialog's customer search as a query: from 2 characters (docs/product-rules.md), each search text
 * cached on its own, so going back to an earlier text shows its matches at once and an answer to an older text
 * never replaces a newer one's.
 */
import { useQuery } from '@tanstack/react-query';
import { searchCustomers } from '../api/search-customers';
import { adminKeys } from './keys';

/** The shortest text the search asks the server about. */
export const CUSTOMER_SEARCH_MIN_CHARS = 2;

export const useCustomerSearch = (term: string) =>
  useQuery({
    queryKey: adminKeys.customerSearch(term),
    queryFn: ({ signal }) => searchCustomers(term, signal),
    enabled: term.length >= CUSTOMER_SEARCH_MIN_CHARS,
  });
