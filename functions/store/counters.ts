/**
 * The counters behind the admin's summary cards and list totals (`STATS`): all-time bookings, revenue (the sum
 * of current totals, so net of refunds), what of it is collected (held: paid less refunded) and what is still
 * due at pick-up, and unique customers; bookings per status; bookings per month of
 * creation, overall and per status, which let a list page jump straight to the month holding its first row;
 * and each NZ day's new bookings. They change inside the transaction that confirms or changes a booking, never
 * by reading the bookings.
 */
import type { Cents } from '../../shared/money';
import { keys } from './keys';
import { getItem, type TransactItem } from './table';

/** Attribute names on `STATS`/`BOOKINGS` (flat, so ADD can create them). */
export const counterNames = {
  status: (status: string) => `s#${status}`,
  month: (createdAt: string) => `m#${createdAt.slice(0, 7)}`,
  statusMonth: (status: string, createdAt: string) => `m#${createdAt.slice(0, 7)}#${status}`,
} as const;

/** A booking's money for the collected and due counters: what is held, and what is left to pay while it is on. */
export interface CountedMoney {
  collectedCents: Cents;
  dueCents: Cents;
}

export const countedMoney = (b: { status: string; payment?: { amountPaidCents: Cents; balanceDueCents: Cents } }): CountedMoney => ({
  collectedCents: b.payment?.amountPaidCents ?? 0,
  dueCents: b.status === 'cancelled' ? 0 : (b.payment?.balanceDueCents ?? 0),
});

export function confirmedCounterUpdates(totalCents: Cents, firstForCustomer: boolean, createdNzDate: string, at: string, createdAt: string, status = 'reservation', money: CountedMoney = { collectedCents: 0, dueCents: 0 }): TransactItem[] {
  return [
    {
      Update: {
        Key: keys.stats(),
        UpdateExpression: 'SET #type = :type, updatedAt = :at ADD bookings :one, revenueCents :total, collectedCents :collected, dueCents :due, customers :newCustomer, #s :one, #m :one, #sm :one',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#s': counterNames.status(status),
          '#m': counterNames.month(createdAt),
          '#sm': counterNames.statusMonth(status, createdAt),
        },
        ExpressionAttributeValues: { ':type': 'stats', ':at': at, ':one': 1, ':total': totalCents, ':collected': money.collectedCents, ':due': money.dueCents, ':newCustomer': firstForCustomer ? 1 : 0 },
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

/**
 * A confirmed booking's change: its total moved (revenue follows), money was refunded or became due (collected
 * and due follow) and/or its status moved (status counts follow).
 */
export function changeCounterUpdate(change: { createdAt: string; fromStatus: string; toStatus: string; totalDeltaCents: Cents; collectedDeltaCents?: Cents; dueDeltaCents?: Cents; at: string }): TransactItem | null {
  const statusMoves = change.fromStatus !== change.toStatus;
  const collected = change.collectedDeltaCents ?? 0;
  const due = change.dueDeltaCents ?? 0;
  if (!statusMoves && change.totalDeltaCents === 0 && collected === 0 && due === 0) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':at': change.at };
  const adds: string[] = [];
  if (change.totalDeltaCents !== 0) {
    adds.push('revenueCents :delta');
    values[':delta'] = change.totalDeltaCents;
  }
  if (collected !== 0) {
    adds.push('collectedCents :collected');
    values[':collected'] = collected;
  }
  if (due !== 0) {
    adds.push('dueCents :due');
    values[':due'] = due;
  }
  if (statusMoves) {
    Object.assign(names, {
      '#sf': counterNames.status(change.fromStatus),
      '#st': counterNames.status(change.toStatus),
      '#mf': counterNames.statusMonth(change.fromStatus, change.createdAt),
      '#mt': counterNames.statusMonth(change.toStatus, change.createdAt),
    });
    adds.push('#sf :minus', '#st :one', '#mf :minus', '#mt :one');
    Object.assign(values, { ':one': 1, ':minus': -1 });
  }
  return {
    Update: {
      Key: keys.stats(),
      UpdateExpression: `SET updatedAt = :at ADD ${adds.join(', ')}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

export interface Stats {
  bookings: number;
  revenueCents: Cents;
  /** Held for listed bookings: paid less refunded. */
  collectedCents: Cents;
  /** Left to pay at pick-up on bookings not cancelled. */
  dueCents: Cents;
  customers: number;
  byStatus: Record<string, number>;
  /** Bookings per month of creation (`YYYY-MM`), overall. */
  months: Map<string, number>;
  /** Bookings per status, per month of creation. */
  statusMonths: Map<string, Map<string, number>>;
}

export async function readStats(): Promise<Stats> {
  const item = (await getItem<Record<string, unknown>>(keys.stats())) ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const stats: Stats = { bookings: num(item.bookings), revenueCents: num(item.revenueCents), collectedCents: num(item.collectedCents), dueCents: num(item.dueCents), customers: num(item.customers), byStatus: {}, months: new Map(), statusMonths: new Map() };
  for (const [name, value] of Object.entries(item)) {
    const status = /^s#(\w+)$/.exec(name);
    if (status) stats.byStatus[status[1]!] = num(value);
    const month = /^m#(\d{4}-\d{2})(?:#(\w+))?$/.exec(name);
    if (!month) continue;
    const [, m, s] = month as unknown as [string, string, string | undefined];
    if (!s) stats.months.set(m, num(value));
    else {
      const byMonth = stats.statusMonths.get(s) ?? new Map<string, number>();
      byMonth.set(m, num(value));
      stats.statusMonths.set(s, byMonth);
    }
  }
  return stats;
}

export async function bookingsCreatedOn(nzDate: string): Promise<number> {
  const item = await getItem<{ bookings?: number }>(keys.statsDay(nzDate));
  return item?.bookings ?? 0;
}
