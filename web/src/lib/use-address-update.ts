/**
 * Changes to the address's query that compose. React Router's setSearchParams hands a function update the
 * parameters of the last render, and the router re-renders inside a transition that fast input can outrun: two
 * filters changed in quick succession (a date typed, then the next) each started from the same old address and
 * the second write dropped the first. This reads the address as it is now, so every change builds on the last.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type AddressUpdate = (latest: URLSearchParams) => URLSearchParams;

/** The query as the browser has it now: the base every change starts from. */
export const currentQuery = (): URLSearchParams => new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);

export function useAddressUpdate(): (update: AddressUpdate, options?: { replace?: boolean }) => void {
  const [, setParams] = useSearchParams();
  return useCallback((update, options) => setParams(() => update(currentQuery()), options), [setParams]);
}
