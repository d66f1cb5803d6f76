/**
 * What the re-index keeps of a table scan: the bookings (without their ledgers, but for the online payments), and of every item derived from
 * a booking only its key, its booking and a fingerprint, so a table of 100,000 bookings fits in memory. Counter
 * items are read apart, before the scan (see reindex.ts), except the daily ones, which are kept as they are.
 */
import type { Booking } from '../../shared/records';
import { toBooking } from '../store/bookings';
import type { ItemKey } from '../store/keys';
import { seenOf, type Seen } from '../store/maintenance';
import type { Item } from '../store/table';

export type DerivedKind = 'dayEntry' | 'searchToken' | 'bayEntry' | 'paymentIntent';

export interface DerivedRef {
  kind: DerivedKind;
  key: ItemKey;
  bookingId: string;
  fingerprint: string;
}

export interface ScannedBooking {
  booking: Booking;
  /** What a write to this booking expects to find (its `updatedAt` when scanned). */
  seen: Seen;
  /** The index keys the booking item holds (gsi1-3), to compare with what they should be. */
  index: Record<string, unknown>;
}

export interface ScannedCustomer {
  firstConfirmedAt?: string;
  /** Linked to an account (a `userId`): in the customer list whether or not it has paid. */
  hasAccount: boolean;
  name: string;
  /** The customer list's index keys the item holds (absent on customers written before the list existed). */
  listed: { gsi2pk?: unknown; gsi2sk?: unknown };
  seen: Seen;
}

export interface Snapshot {
  items: number;
  bookings: Map<string, ScannedBooking>;
  /** Day-sheet entries, booking search tokens and bay entries, by the booking they copy. */
  derived: Map<string, DerivedRef[]>;
  /** Customers by id: when their first confirmed booking was recorded, if it was, and their place in the customer list. */
  customers: Map<string, ScannedCustomer>;
  /** Checkout sessions: when Stripe stops accepting payment (epoch seconds). */
  sessions: Map<string, number>;
  /** `STATS`/`DAY#<date>` items by date, whole. */
  statsDays: Map<string, Item>;
}

export const INDEX_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'] as const;

/** JSON with object keys sorted at every level: equal items give equal strings whatever their attribute order. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export function emptySnapshot(): Snapshot {
  return { items: 0, bookings: new Map(), derived: new Map(), customers: new Map(), sessions: new Map(), statsDays: new Map() };
}

const DERIVED_TYPES: Record<string, DerivedKind> = { day_sheet_entry: 'dayEntry', bay_entry: 'bayEntry', payment_intent: 'paymentIntent' };

function derivedKind(item: Item): DerivedKind | null {
  if (item.type === 'search_token') return item.kind === 'booking' ? 'searchToken' : null;
  return DERIVED_TYPES[item.type] ?? null;
}

/** Files one page of scanned items into the snapshot; items the re-index does not deal with are only counted. */
export function addToSnapshot(s: Snapshot, items: readonly Item[]): void {
  s.items += items.length;
  for (const item of items) {
    const kind = derivedKind(item);
    if (kind && typeof item.bookingId === 'string') {
      const refs = s.derived.get(item.bookingId) ?? [];
      refs.push({ kind, key: { pk: item.pk, sk: item.sk }, bookingId: item.bookingId, fingerprint: fingerprint(item) });
      s.derived.set(item.bookingId, refs);
    } else if (item.type === 'booking' && item.sk === 'BOOKING') {
      const { ledger, ...rest } = toBooking(item as Parameters<typeof toBooking>[0]);
      // Of the ledger only the online payments count: each has its payment-intent item (reindex-bookings.ts derivedItemsOf).
      const online = (ledger ?? []).filter((l) => l.kind === 'payment' && l.method === 'online' && l.paymentIntent);
      const booking: Booking = online.length > 0 ? { ...rest, ledger: online } : rest;
      s.bookings.set(booking.id, { booking, seen: seenOf(item), index: Object.fromEntries(INDEX_ATTRIBUTES.map((a) => [a, item[a]])) });
    } else if (item.type === 'customer' && item.sk === 'CUSTOMER') {
      s.customers.set(String(item.id), {
        ...(typeof item.firstConfirmedAt === 'string' ? { firstConfirmedAt: item.firstConfirmedAt } : {}),
        hasAccount: typeof item.userId === 'string' && item.userId.length > 0,
        name: String(item.name ?? ''),
        listed: { gsi2pk: item.gsi2pk, gsi2sk: item.gsi2sk },
        seen: seenOf(item),
      });
    } else if (item.type === 'checkout_session' && typeof item.expiresAt === 'number') {
      s.sessions.set(String(item.sessionId), item.expiresAt);
    } else if (item.type === 'stats_day' && typeof item.date === 'string') {
      s.statsDays.set(item.date, item);
    }
  }
}
