/**
 * The handover records (docs/data-model.md, the booking's partition): each under `CONDITION#<stage>#<sequence>`,
 * written once with its history entry in one transaction. The key's sequence makes a record unchangeable and two
 * corrections of one record impossible: both would write the same key, and the second's condition fails.
 */
import type { ConditionRecord } from '../../shared/condition';
import type { FieldChange } from './booking-changes';
import { bookingAuditPut } from './audit';
import { keys, queries } from './keys';
import { cancellationCodes, queryAll, transact } from './table';

/** The booking's records, every stage, oldest first within a stage (one page: a handful per booking). */
export async function listConditions(bookingId: string): Promise<ConditionRecord[]> {
  const items = await queryAll<Record<string, unknown>>({ ...queries.bookingConditions(bookingId), ConsistentRead: true });
  return items.map(({ pk: _pk, sk: _sk, type: _type, ...rest }) => rest as ConditionRecord);
}

/** Writes the record and its history line; 'taken' when a record already holds its place (a race, a repeat). */
export async function saveCondition(record: ConditionRecord, history: FieldChange[], auditId: string): Promise<'saved' | 'taken'> {
  try {
    await transact([
      { Put: { Item: { ...keys.conditionRecord(record.booking_id, record.stage, record.sequence), type: 'condition_record', ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      bookingAuditPut(record.booking_id, record.taken_at, record.taken_by, history, auditId),
    ]);
    return 'saved';
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'taken';
    throw error;
  }
}
