/**
 * The counters behind the admin's summary cards (`STATS`): all-time bookings, revenue and unique customers,
 * and each NZ day's new bookings, updated inside the transaction that confirms a booking, never by reading
 * the bookings.
 */
import type { Cents } from '../../shared/money';
import { keys } from './keys';
import type { TransactItem } from './table';

export function confirmedCounterUpdates(totalCents: Cents, firstForCustomer: boolean, createdNzDate: string, at: string): TransactItem[] {
  return [
    {
      Update: {
        Key: keys.stats(),
        UpdateExpression: 'SET #type = :type, updatedAt = :at ADD bookings :one, revenueCents :total, customers :newCustomer',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'stats', ':at': at, ':one': 1, ':total': totalCents, ':newCustomer': firstForCustomer ? 1 : 0 },
      },
    },
    {
      Update: {
        Key: keys.statsDay(createdNzDate),
        UpdateExpression: 'SET #type = :type, #date = :date, updatedAt = :at ADD bookings :one, revenueCents :total',
        ExpressionAttributeNames: { '#type': 'type', '#date': 'date' },
        ExpressionAttributeValues: { ':type': 'stats_day', ':date': createdNzDate, ':at': at, ':one': 1, ':total': totalCents },
      },
    },
  ];
}
