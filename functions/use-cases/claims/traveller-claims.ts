/**
 * The traveller's side of damage claims (docs/yard.md, Damage claims): by the pass's signed token (no account) or by
 * the account that owns the booking. A token that does not verify, another's booking and one that does not exist all
 * answer the same 404. A claim is taken only within 48 hours of collection (shared/claims.ts, claimWindow), its
 * photos must be checked photos of this booking, and its id is the one the form made, so a repeat makes one claim.
 */
import { claimMessages, claimWindow, MAX_CLAIMS_PER_BOOKING, panelLabel, type ClaimRequest, type TravellerClaim, type TravellerClaims } from '../../../shared/claims';
import type { PhotoUpload, PhotoUploadResponse, VehiclePhoto } from '../../../shared/photos';
import type { Booking } from '../../../shared/records';
import type { AuthContext, Caller } from '../../lib/auth';
import { badRequest, conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { getClaim, listClaims, saveClaim, type ClaimRecord } from '../../store/claims';
import { listPhotos, type PhotoUploader } from '../../store/photos';
import { ownBooking } from '../account/own-booking';
import { bookingForPassToken } from '../pass/pass-booking';
import { completePhotoFor } from '../photos/complete-photo-upload';
import { presignPhotoFor } from '../photos/start-photo-upload';
import { photoLinksFor, travellerClaim } from './claim-views';
import { randomUUID } from 'node:crypto';
import * as clock from '../../lib/clock';

/** Who a claim came from, as staff and the history read it. */
export interface Claimant {
  booking: Booking;
  /** The history's `by`: the account's e-mail, or the pass. */
  by: string;
  /** Whose uploads this claimant may complete. */
  uploader: PhotoUploader;
}

export const PASS_CLAIMANT = 'Traveller (booking pass)';

export async function claimantByPass(token: string): Promise<Claimant> {
  const booking = await bookingForPassToken(token);
  // The pass has no account: its uploads are the pass's, finished only through the same pass.
  return { booking, by: PASS_CLAIMANT, uploader: { sub: `pass:${booking.id}`, email: null, role: 'customer' } };
}

export async function claimantByOwner(caller: Caller, id: string): Promise<Claimant> {
  const booking = await ownBooking(caller, id);
  return { booking, by: caller.email ?? `Traveller (account ${caller.sub})`, uploader: { sub: caller.sub, email: caller.email, role: 'customer' } };
}

export async function travellerClaims(who: Claimant, now = clock.now()): Promise<TravellerClaims> {
  const claims = await listClaims(who.booking.id);
  const links = await photoLinksFor(who.booking.id, claims);
  return { claims: claims.map((c) => travellerClaim(c, links)), window: claimWindow(who.booking, now), max_claims: MAX_CLAIMS_PER_BOOKING };
}

/** Refuses (400, the field's message) any photo that is not a checked photo of this booking. */
async function checkPhotos(bookingId: string, photoIds: readonly string[]): Promise<void> {
  if (photoIds.length === 0) return;
  const ours = new Set((await listPhotos(bookingId)).map((p) => p.id.toLowerCase()));
  const fields: Record<string, string> = {};
  photoIds.forEach((id, i) => {
    if (!ours.has(id)) fields[`photo_ids.${i}`] = claimMessages.notThisBookingsPhoto;
  });
  if (Object.keys(fields).length > 0) throw badRequest(claimMessages.notThisBookingsPhoto, fields);
}

const refusedUnlessOpen = (booking: Booking, now: Date) => {
  const window = claimWindow(booking, now);
  if (window.state !== 'open') throw conflict(window.message ?? claimMessages.windowClosed);
};

async function answer(claim: ClaimRecord): Promise<TravellerClaim> {
  return travellerClaim(claim, await photoLinksFor(claim.bookingId, [claim]));
}

export async function submitClaim(who: Claimant, req: ClaimRequest, now = clock.now()): Promise<{ claim: TravellerClaim; created: boolean }> {
  const { booking } = who;
  // The same submission again (a second press, a retry): the claim it made, even if the window has closed since.
  const earlier = await getClaim(booking.id, req.submission_id);
  if (earlier) return { claim: await answer(earlier), created: false };
  refusedUnlessOpen(booking, now);
  const photoIds = [...new Set(req.photo_ids)];
  await checkPhotos(booking.id, photoIds);

  const at = now.toISOString();
  const claim: ClaimRecord = { id: req.submission_id, bookingId: booking.id, panel: req.panel, description: req.description, photoIds, submittedBy: who.by, submittedAt: at, status: 'open', decision: null, version: at };
  const photos = photoIds.length === 0 ? '' : ` (${photoIds.length} ${photoIds.length === 1 ? 'photo' : 'photos'})`;
  const history = [{ field: 'damage_claim', old: null, new: `${panelLabel(claim.panel)}: ${claim.description}${photos}` }];
  const outcome = await saveClaim(claim, booking.bookingReference ?? '', MAX_CLAIMS_PER_BOOKING, history, randomUUID().slice(0, 8));
  if (outcome === 'exists') {
    const first = await getClaim(booking.id, claim.id);
    if (first) return { claim: await answer(first), created: false };
  }
  if (outcome === 'full') throw conflict(claimMessages.tooManyClaims);
  logger.info('Damage claim submitted', { bookingId: booking.id, claimId: claim.id, photos: photoIds.length });
  return { claim: await answer(claim), created: true };
}

/** The pass's own photo uploads, for its claims: only while claims are taken. */
export async function presignClaimPhoto(who: Claimant, file: PhotoUpload, now = clock.now()): Promise<PhotoUploadResponse> {
  refusedUnlessOpen(who.booking, now);
  return presignPhotoFor(who.booking, who.uploader, file, now);
}

export async function completeClaimPhoto(who: Claimant, photoId: string): Promise<VehiclePhoto> {
  const viewer: AuthContext = { user: { sub: who.uploader.sub, email: who.uploader.email, emailVerified: false, groups: [] }, admin: false };
  return completePhotoFor(who.booking, who.uploader.sub, photoId.toLowerCase(), viewer);
}
