/**
 * Audit entries: who changed what on a booking or a customer, and when, stored next to it
 * (`AUDIT#<at>#<id>` under its own partition), read newest first for the edit dialogs, a page at a time: nothing
 * drops off the end, an older page starts after the last entry of the page before.
 */
import type { FieldChange } from './booking-changes';
import { keys, queries, type KeyCondition } from './keys';
import { query, type TransactItem } from './table';

export interface AuditRecord {
  at: string;
  by: string;
  changes: FieldChange[];
}

export const HISTORY_PAGE_SIZE = 50;

export interface HistoryPage {
  entries: AuditRecord[];
  /** The sort key of the page's last entry when older entries follow: where the next page starts. */
  older: string | null;
}

/** Whether `sk` is a place in an audit partition a page could start after (what HistoryPage.older holds). */
export const isHistoryPosition = (sk: string): boolean => /^AUDIT#[^#]{1,40}#[A-Za-z0-9-]{1,40}$/.test(sk);

async function history(condition: KeyCondition, pk: string, after: string | null): Promise<HistoryPage> {
  const rows: (AuditRecord & { sk: string })[] = [];
  let from: Record<string, unknown> | undefined = after ? { pk, sk: after } : undefined;
  // One more than the page, to know whether an older page follows without offering an empty one.
  do {
    const page = await query<AuditRecord & { sk: string }>({
      ...condition,
      ScanIndexForward: false,
      Limit: HISTORY_PAGE_SIZE + 1 - rows.length,
      // The dialog shows the history right after a save: read what was just written.
      ConsistentRead: true,
      ...(from ? { ExclusiveStartKey: from } : {}),
    });
    rows.push(...page.items);
    from = page.lastKey;
  } while (rows.length < HISTORY_PAGE_SIZE + 1 && from);
  const shown = rows.slice(0, HISTORY_PAGE_SIZE);
  return { entries: shown.map(({ at, by, changes }) => ({ at, by, changes })), older: rows.length > HISTORY_PAGE_SIZE ? shown[shown.length - 1]!.sk : null };
}

/** A page of the booking's history, newest first: the latest, or the entries older than `after` (a page's `older`). */
export const bookingHistoryPage = (bookingId: string, after: string | null = null) => history(queries.bookingHistory(bookingId), keys.booking(bookingId).pk, after);

/** The latest page of the booking's history (what an edit answers with). */
export const bookingHistory = async (bookingId: string): Promise<AuditRecord[]> => (await bookingHistoryPage(bookingId)).entries;

export function customerAuditPut(customerId: string, at: string, by: string, changes: FieldChange[], id: string): TransactItem {
  return { Put: { Item: { ...keys.customerAudit(customerId, at, id), type: 'audit', at, by, changes } } };
}

export function bookingAuditPut(bookingId: string, at: string, by: string, changes: FieldChange[], id: string): TransactItem {
  return { Put: { Item: { ...keys.bookingAudit(bookingId, at, id), type: 'audit', at, by, changes } } };
}
