/**
 * Audit entries: who changed what on a booking or a customer, and when, stored next to it
 * (`AUDIT#<at>#<id>` under its own partition), read newest first for the edit dialogs.
 */
import type { FieldChange } from './booking-changes';
import { keys, queries, type KeyCondition } from './keys';
import { query, type TransactItem } from './table';

export interface AuditRecord {
  at: string;
  by: string;
  changes: FieldChange[];
}

const HISTORY_LIMIT = 50;

async function history(condition: KeyCondition): Promise<AuditRecord[]> {
  const { items } = await query<AuditRecord>({
    ...condition,
    ScanIndexForward: false,
    Limit: HISTORY_LIMIT,
    // The dialog shows the history right after a save: read what was just written.
    ConsistentRead: true,
  });
  return items.map(({ at, by, changes }) => ({ at, by, changes }));
}

export const bookingHistory = (bookingId: string) => history(queries.bookingHistory(bookingId));
export const customerHistory = (customerId: string) => history(queries.customerHistory(customerId));

export function customerAuditPut(customerId: string, at: string, by: string, changes: FieldChange[], id: string): TransactItem {
  return { Put: { Item: { ...keys.customerAudit(customerId, at, id), type: 'audit', at, by, changes } } };
}

export function bookingAuditPut(bookingId: string, at: string, by: string, changes: FieldChange[], id: string): TransactItem {
  return { Put: { Item: { ...keys.bookingAudit(bookingId, at, id), type: 'audit', at, by, changes } } };
}
