/**
 * The one submit path of a form that sends a request (docs/architecture.md, "Forms"): the button is pending while
 * the request runs; when the server refuses it, the server's field errors land under the form's own fields and a
 * toast says what went wrong, so no form re-writes the catch -> field errors -> toast block.
 */
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError } from '../lib/api-client';
import { useToast } from './toast/ToastProvider';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What the toast says under its title by default: the server's own words for a refusal (4xx), nothing for an outage. */
export const refusalMessage = (e: unknown): string | undefined => (e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : undefined);

export interface FormSubmitOptions<F extends string> {
  /** The failure toast's title. */
  failTitle: string;
  /** The failure toast's text; the server's message for a 4xx when not given. */
  describe?(e: unknown): string | undefined;
  /** The server's field names to the form's, when they differ; a field the form does not show is dropped (the toast still speaks). */
  fields?(fromServer: Record<string, string>, e: ApiError): FieldErrors<F>;
  /** A refusal the form answers in its own way (a confirm step, a stale-version notice): true means no field errors and no toast. */
  intercept?(e: ApiError): boolean;
  /** More for the form to do with a refusal after its field errors are set (a stale flag, a refresh); the toast is still shown. */
  onRefused?(e: ApiError, errors: FieldErrors<F>): void;
  /** The form closes or the page leaves on success: the button stays pending rather than coming back for a second click. */
  keepPendingOnSuccess?: boolean;
}

export interface FormSubmit<F extends string> {
  pending: boolean;
  /** The message under each field: the form's own checks or the server's. */
  errors: FieldErrors<F>;
  setErrors: Dispatch<SetStateAction<FieldErrors<F>>>;
  /** Drops one field's message (the person is changing that field). */
  clearError(field: F): void;
  /**
   * Runs `request` (the call and what follows a success); true when it finished without an error. A request that
   * answers `false` did not get what it needed (it said why itself): the button comes back.
   */
  run(request: () => Promise<unknown>): Promise<boolean>;
}

export function useFormSubmit<F extends string>(options: FormSubmitOptions<F>): FormSubmit<F> {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // The latest options, so a submit started from an older render still uses the form's current callbacks.
  const latest = useRef(options);
  latest.current = options;

  const clearError = useCallback((field: F) => setErrors(({ [field]: _gone, ...rest }) => rest as FieldErrors<F>), []);

  const run = useCallback(
    async (request: () => Promise<unknown>) => {
      const o = latest.current;
      setPending(true);
      try {
        const done = (await request()) !== false;
        if (!done || !o.keepPendingOnSuccess) setPending(false);
        return done;
      } catch (e) {
        setPending(false);
        if (e instanceof ApiError) {
          if (o.intercept?.(e)) return false;
          const found = o.fields ? o.fields(e.fieldErrors, e) : (e.fieldErrors as FieldErrors<F>);
          setErrors(found);
          o.onRefused?.(e, found);
        }
        toast({ title: o.failTitle, description: (o.describe ?? refusalMessage)(e), variant: 'destructive' });
        return false;
      }
    },
    [toast],
  );

  return { pending, errors, setErrors, clearError, run };
}
