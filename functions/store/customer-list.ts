/**
 * The admin's customer list: every customer item carries `gsi2pk = CUSTOMERS` and
 * `gsi2sk = <sort name> #<id>`, written with the customer and moved by the same UpdateItem that renames it, so a page
 * is one Query of that partition in name order, starting after the last row of the page before. It never reads
 * more than the page (and one row to know whether another page follows).
 *
 * One partition holds every customer. At this yard's size (hundreds of bookings a day, so at most hundreds of new or
 * renamed customers a day, and a handful of admins paging) that is far below DynamoDB's 1,000 writes and 3,000 reads
 * a second per partition; items are small, so even a million customers is a few hundred MB the index splits by range.
 */
import { toCustomer, type CustomerItem } from './customers';
import { isRecordId, keys, queries } from './keys';
import type { Customer } from '../../shared/records';
import { query } from './table';

/** Where a page starts: just after the row with this sort key (`<sort name> #<id>`, as customerListKeys writes it). */
export const isListPosition = (position: string): boolean => {
  const cut = position.lastIndexOf('#');
  return cut >= 0 && isRecordId(position.slice(cut + 1)) && position.length <= 300;
};

export interface CustomerListPage {
  customers: Customer[];
  /** The last row's sort key when another page follows. */
  next: string | null;
}

/** Up to `limit` customers in name order, after `after` (a row's sort key) or from the first. */
export async function customerListPage(after: string | null, limit: number): Promise<CustomerListPage> {
  const pk = keys.customerListEntry('', '').gsi2pk;
  const start = after ? { gsi2pk: pk, gsi2sk: after, ...keys.customer(after.slice(after.lastIndexOf('#') + 1)) } : undefined;
  const rows: CustomerItem[] = [];
  let from: Record<string, unknown> | undefined = start;
  // One more than the page, to know whether another follows without an empty last page.
  do {
    const page = await query<CustomerItem>({
      ...queries.customerList(),
      Limit: limit + 1 - rows.length,
      ExclusiveStartKey: from,
    });
    rows.push(...page.items);
    from = page.lastKey;
  } while (rows.length < limit + 1 && from);
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  return { customers: shown.map(toCustomer), next: more ? String(shown[shown.length - 1]!.gsi2sk) : null };
}
