/** A claim as the traveller reads it and as staff read it, with short-lived view links for its photos. */
import { panelLabel, type StaffClaim, type TravellerClaim } from '../../../shared/claims';
import type { ClaimRecord } from '../../store/claims';
import { viewUrl } from '../../store/photo-objects';
import { listPhotos } from '../../store/photos';

type PhotoLinks = Map<string, string>;

/** View links for every photo the claims name (one Query of the booking's photos, at most 30). */
export async function photoLinksFor(bookingId: string, claims: readonly ClaimRecord[]): Promise<PhotoLinks> {
  const named = new Set(claims.flatMap((c) => c.photoIds));
  if (named.size === 0) return new Map();
  const photos = (await listPhotos(bookingId)).filter((p) => named.has(p.id));
  return new Map(await Promise.all(photos.map(async (p) => [p.id, await viewUrl(p.filePath, p.contentType)] as const)));
}

export function travellerClaim(c: ClaimRecord, links: PhotoLinks): TravellerClaim {
  return {
    id: c.id,
    panel: c.panel,
    panel_label: panelLabel(c.panel),
    description: c.description,
    photos: c.photoIds.map((id) => ({ id, url: links.get(id) ?? null })),
    submitted_at: c.submittedAt,
    status: c.status,
    // Who decided is the business's; the traveller reads the outcome and the reason.
    decision: c.decision ? { outcome: c.decision.outcome, reason: c.decision.reason, decided_at: c.decision.decidedAt } : null,
  };
}

export function staffClaim(c: ClaimRecord, links: PhotoLinks): StaffClaim {
  return {
    ...travellerClaim(c, links),
    submitted_by: c.submittedBy,
    decision: c.decision ? { outcome: c.decision.outcome, reason: c.decision.reason, decided_at: c.decision.decidedAt, decided_by: c.decision.decidedBy } : null,
    version: c.version,
  };
}
