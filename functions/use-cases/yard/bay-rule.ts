/**
 * The one bay rule (shared/bays.ts) against the yard's capacity now: every use case that takes a bay (check-in,
 * walk-ins, the admin's edit and New Booking) asks here, so each refuses a bad bay with the same 400 and message under
 * `parking_bay_number`, and stores it as the yard numbers it ('007' is bay 7).
 */
import { bayProblem, normaliseBay } from '../../../shared/bays';
import { badRequest } from '../../domain/errors';
import { yardCapacity } from '../../store/yard-settings';

export async function ruledBay(text: string): Promise<string> {
  const { capacity } = await yardCapacity();
  const problem = bayProblem(text, capacity);
  if (problem) throw badRequest(problem, { parking_bay_number: problem });
  return normaliseBay(text)!;
}

/** An optional bay (absent, or null to clear it): ruled only when one is given. */
export async function ruledOptionalBay<T extends string | null | undefined>(text: T): Promise<T | string> {
  return text ? ruledBay(text) : text;
}
