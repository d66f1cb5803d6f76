/**
 * Damage claims (docs/yard.md, Damage claims): the traveller's reads and reports by whichever route the page gives
 * (`/pass/<token>` without an account, `/me/bookings/<id>` signed in), and staff's reads and decisions.
 */
import * as z from 'zod';
import { staffClaimSchema, travellerClaimSchema, travellerClaimsSchema, claimWindowSchema, type ClaimDecisionRequest, type ClaimRequestInput, type StaffClaim, type TravellerClaim, type TravellerClaims } from '@shared/claims';
import { conditionViewSchema } from '@shared/condition';
import { apiRequest } from '../../../lib/api-client';

export interface ClaimsEndpoint {
  /** The booking's path under the API base: `/pass/<token>` or `/me/bookings/<id>`. */
  base: string;
  /** Send the signed-in user's token (the account's route). */
  auth: boolean;
}

export const passClaimsEndpoint = (token: string): ClaimsEndpoint => ({ base: `/pass/${encodeURIComponent(token)}`, auth: false });
export const myClaimsEndpoint = (bookingId: string): ClaimsEndpoint => ({ base: `/me/bookings/${encodeURIComponent(bookingId)}`, auth: true });

export const fetchClaims = (endpoint: ClaimsEndpoint, signal?: AbortSignal): Promise<TravellerClaims> =>
  apiRequest(`${endpoint.base}/claims`, { schema: travellerClaimsSchema, auth: endpoint.auth, ...(signal ? { signal } : {}) });

export async function submitClaim(endpoint: ClaimsEndpoint, body: ClaimRequestInput): Promise<TravellerClaim> {
  return (await apiRequest(`${endpoint.base}/claims`, { method: 'POST', body, schema: z.object({ claim: travellerClaimSchema }), auth: endpoint.auth })).claim;
}

export const staffClaimsResponseSchema = z.object({ claims: z.array(staffClaimSchema), window: claimWindowSchema, condition: conditionViewSchema });
export type StaffClaimsResponse = z.infer<typeof staffClaimsResponseSchema>;

export const fetchStaffClaims = (bookingId: string, signal?: AbortSignal): Promise<StaffClaimsResponse> =>
  apiRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/claims`, { schema: staffClaimsResponseSchema, auth: true, ...(signal ? { signal } : {}) });

export async function decideClaim(bookingId: string, claimId: string, body: ClaimDecisionRequest): Promise<StaffClaim> {
  const path = `/admin/bookings/${encodeURIComponent(bookingId)}/claims/${encodeURIComponent(claimId)}/decision`;
  return (await apiRequest(path, { method: 'POST', body, schema: z.object({ claim: staffClaimSchema }), auth: true })).claim;
}
