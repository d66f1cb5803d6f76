/**
 * Fills the details form for a returning customer. The booking feature does not know about
 * accounts: the app shell hands it a loader (app/returning-details.ts) that answers what is known of the signed-in
 * person, or null for a visitor. Only blank fields are filled (shared/returning-customer.ts), once, after the draft
 * and Back to Details have had their say.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { filledFields, prefillCustomer, type KnownDetails } from '@shared/returning-customer';
import type { CustomerDetails } from './flow';

export type LoadKnownDetails = (signal: AbortSignal) => Promise<KnownDetails | null>;

/**
 * Whether anything was filled in (the page asks the person to check it). `fieldInUse` names the field the person is in
 * when the answer lands, which stays as it is.
 */
export function useReturningDetails(
  ready: boolean,
  load: LoadKnownDetails | undefined,
  setCustomer: Dispatch<SetStateAction<CustomerDetails>>,
  fieldInUse: () => keyof CustomerDetails | undefined = () => undefined,
): boolean {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (!ready || !load) return;
    const abort = new AbortController();
    load(abort.signal)
      .then((known) => {
        if (!known || abort.signal.aborted) return;
        // Against the form as it is when the answer lands, not as last rendered: a field typed a moment ago (a fast
        // typist, autofill) is never wiped by a prefill computed from the form before it.
        setCustomer((typed) => {
          // Asked as the update is made (the render that commits it runs in the same task), not when the answer came.
          const next = prefillCustomer(typed, known, fieldInUse());
          if (filledFields(typed, next).length === 0) return typed;
          setFilled(true);
          return next;
        });
      })
      // Without the details the form is simply empty, as for a visitor.
      .catch(() => undefined);
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read when the answer lands, not a reason to load again
  }, [ready, load, setCustomer]);
  return filled;
}
