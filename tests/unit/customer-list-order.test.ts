/** The customer list's order (functions/store/customers.ts customerListKeys): names as a person reads them sorted. */
import { describe, expect, it } from 'vitest';
import { customerListKeys } from '../../functions/store/customers';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('customer list order', () => {
  it('sorts by name, case and accents aside, a name before its longer forms, equal names by id', () => {
    const names = ['anna Smith', 'Ann', 'Ánn Lee', 'ann-marie Hohaia', 'Zoe Ng', 'Ann', '王芳', 'Bob 2'];
    const sorted = names
      .map((name, i) => ({ name, key: customerListKeys({ id: id(i), name }).gsi2sk }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((c) => c.name);
    // A name with nothing sortable (here in a script the search does not index) goes last.
    expect(sorted).toEqual(['Ann', 'Ann', 'Ánn Lee', 'ann-marie Hohaia', 'anna Smith', 'Bob 2', 'Zoe Ng', '王芳']);
    expect(customerListKeys({ id: id(1), name: 'Ann' })).toEqual({ gsi2pk: 'CUSTOMERS', gsi2sk: `ann #${id(1)}` });
  });
});
