/**
 * Find an existing customer for a new booking: from 2 characters it asks for up to 5 matches (docs/product-rules.md), after a
 * pause in typing; picking one fills the dialog's name, phone and e-mail.
 */
import { useState } from 'react';
import { adminMessages, type AdminCustomer } from '@shared/admin';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CUSTOMER_SEARCH_MIN_CHARS, useCustomerSearch } from '../queries/customer-search';
import { SEARCH_DEBOUNCE_MS } from './SearchBox';

export function CustomerSearch({ onPick }: { onPick(customer: AdminCustomer): void }) {
  const [text, setText] = useState('');
  const typed = text.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(term);
  // Nothing to say below 2 characters, whatever the last search found.
  const asking = typed.length >= CUSTOMER_SEARCH_MIN_CHARS && term.length >= CUSTOMER_SEARCH_MIN_CHARS;
  const found = !asking
    ? ({ state: 'idle' } as const)
    : search.isPending
      ? ({ state: 'searching' } as const)
      : search.isError
        ? ({ state: 'failed', message: errorMessage(search.error, adminMessages.loadFailed) } as const)
        : ({ state: 'done', customers: search.data } as const);

  return (
    <div className="admin-customer-search">
      <div className="field">
        <label htmlFor="admin-new-customer-search">Find an existing customer</label>
        <input
          id="admin-new-customer-search"
          type="search"
          autoComplete="off"
          placeholder="Name, e-mail or phone"
          aria-describedby="admin-new-customer-search-hint"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
        <p id="admin-new-customer-search-hint" className="field-hint">
          {adminMessages.customerSearchShort}, or fill in a new customer below.
        </p>
      </div>
      <div aria-live="polite">
        {found.state === 'searching' && <p className="muted small">Searching customers...</p>}
        {found.state === 'failed' && <p className="field-error">{found.message}</p>}
        {found.state === 'done' && found.customers.length === 0 && <p className="muted small">No customers found</p>}
        {found.state === 'done' && found.customers.length > 0 && (
          <ul className="admin-customer-results" aria-label="Matching customers">
            {found.customers.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="admin-customer-result"
                  onClick={() => {
                    onPick(c);
                    setText('');
                  }}
                >
                  <strong>{c.name}</strong>
                  <span className="break-anywhere">{c.email}</span>
                  <span>{c.contact_number}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
