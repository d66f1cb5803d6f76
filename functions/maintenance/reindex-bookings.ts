/**
 * What a booking's derived items should be, built with the store's own builders (the same calls the confirmation
 * and change transactions make, so the re-index cannot drift from the app), and the puts and deletes that take
 * what the scan found there. A listed booking gets its index keys, its day-sheet entries (a cancelled one's under the
 * date's cancelled prefix), its search tokens, its bay entry (not when cancelled) and its payment intent's pointer (for `charge.refunded`); anything else pointing at it is stale and goes. Items
 * pointing at a booking that is gone or was never paid are all stale.
 */
import { isListed, type Booking } from '../../shared/records';
import { bayEntryPut } from '../store/bays';
import { confirmedIndexKeys } from '../store/bookings';
import { paymentIntentPut } from '../store/confirmation';
import { dayEntry } from '../store/day-sheet';
import type { ItemKey } from '../store/keys';
import type { BookingRewrite } from '../store/maintenance';
import { bookingTokenPuts } from '../store/search-tokens';
import type { Item, TransactItem } from '../store/table';
import { fingerprint, type DerivedKind, type DerivedRef, type ScannedBooking } from './reindex-snapshot';

export interface DerivedItem {
  kind: DerivedKind;
  item: Item;
}

const putOf = (t: TransactItem): Item => {
  if (!t.Put?.Item) throw new Error('Expected a Put from the store builder');
  return t.Put.Item as Item;
};

/** Every item a listed booking should have besides itself. */
export function derivedItemsOf(b: Booking): DerivedItem[] {
  if (!isListed(b)) return [];
  const reference = b.bookingReference ?? '';
  const onSheet = b.status !== 'cancelled';
  const items: DerivedItem[] = [
    ...(['dropoff', 'pickup'] as const).map((kind) => ({ kind: 'dayEntry' as const, item: putOf(dayEntry(kind, b, reference)) })),
    ...bookingTokenPuts(b, reference).map((t) => ({ kind: 'searchToken' as const, item: putOf(t) })),
    ...(onSheet && b.parkingBayNumber ? [{ kind: 'bayEntry' as const, item: putOf(bayEntryPut(b)) }] : []),
    ...(b.payment?.paymentIntent ? [{ kind: 'paymentIntent' as const, item: putOf(paymentIntentPut(b.id, b.payment.paymentIntent, b.confirmedAt ?? b.payment.paidAt)) }] : []),
    // A balance paid online is a payment of its own: Stripe's refund events for it find the booking the same way.
    ...(b.ledger ?? [])
      .filter((l) => l.kind === 'payment' && l.method === 'online' && l.paymentIntent)
      .map((l) => ({ kind: 'paymentIntent' as const, item: putOf(paymentIntentPut(b.id, l.paymentIntent!, l.at)) })),
  ];
  // One write per key (a transaction may not touch an item twice).
  return [...new Map(items.map((d) => [`${d.item.pk}\u0000${d.item.sk}`, d])).values()];
}

/** The index keys a listed booking should hold that it does not (all six when one differs; none when right). */
export function indexKeysToSet(s: ScannedBooking): Record<string, string> | null {
  if (!isListed(s.booking)) return null;
  const wanted: Record<string, string> = confirmedIndexKeys(s.booking);
  return Object.entries(wanted).every(([name, value]) => s.index[name] === value) ? null : wanted;
}

export type KindCounts = Record<DerivedKind, { put: number; deleted: number }>;

export const noKindCounts = (): KindCounts => ({ dayEntry: { put: 0, deleted: 0 }, searchToken: { put: 0, deleted: 0 }, bayEntry: { put: 0, deleted: 0 }, paymentIntent: { put: 0, deleted: 0 } });

export interface BookingPlan extends BookingRewrite {
  counts: KindCounts;
  /** False for leftovers of a booking that is gone or not listed: everything pointing at it is deleted. */
  listed: boolean;
}

const keyId = (k: ItemKey) => `${k.pk}\u0000${k.sk}`;

/**
 * The writes that bring one booking's derived items in line, or null when they already are. `scanned` is absent
 * when the items found point at a booking the scan did not find.
 */
export function planBooking(bookingId: string, scanned: ScannedBooking | undefined, found: readonly DerivedRef[]): BookingPlan | null {
  const wanted = scanned ? derivedItemsOf(scanned.booking) : [];
  const foundByKey = new Map(found.map((f) => [keyId(f.key), f]));
  const wantedKeys = new Set(wanted.map((w) => keyId(w.item)));
  const counts = noKindCounts();
  const puts: Item[] = [];
  for (const w of wanted) {
    if (foundByKey.get(keyId(w.item))?.fingerprint === fingerprint(w.item)) continue;
    puts.push(w.item);
    counts[w.kind].put++;
  }
  const deletes: ItemKey[] = [];
  for (const f of found) {
    if (wantedKeys.has(keyId(f.key))) continue;
    deletes.push(f.key);
    counts[f.kind].deleted++;
  }
  const indexKeys = scanned ? indexKeysToSet(scanned) : null;
  if (puts.length === 0 && deletes.length === 0 && !indexKeys) return null;
  return {
    bookingId,
    seen: scanned?.seen ?? { exists: false },
    ...(indexKeys ? { indexKeys } : {}),
    puts,
    deletes,
    counts,
    listed: !!scanned && isListed(scanned.booking),
  };
}

/** Plans for every booking the scan found and every booking its derived items point at. */
export function planBookings(bookings: ReadonlyMap<string, ScannedBooking>, derived: ReadonlyMap<string, readonly DerivedRef[]>): BookingPlan[] {
  const ids = new Set([...bookings.keys(), ...derived.keys()]);
  return [...ids].flatMap((id) => planBooking(id, bookings.get(id), derived.get(id) ?? []) ?? []);
}
