/** A booking reference's guard (`REF#<reference>`, written at confirmation) names its booking. */
import { keys } from './keys';
import { getItem } from './table';

export async function bookingIdOfReference(reference: string): Promise<string | null> {
  if (!/^RP-[A-Z0-9]{1,12}$/.test(reference)) return null;
  const guard = await getItem<{ bookingId?: string }>(keys.bookingReference(reference));
  return guard?.bookingId ?? null;
}
