/**
 * "I've landed" to whichever route the page gives: `/pass/<token>/landed` (the pass, no account) or
 * `/me/bookings/<id>/landed` (signed in, `auth`).
 */
import { landedResponseSchema, type LandedRequest, type LandedResponse } from '@shared/pickups';
import { apiRequest } from '../../../lib/api-client';

export interface LandedEndpoint {
  /** The API path under the API base, e.g. `/pass/p1.abc.def/landed`. */
  path: string;
  /** Send the signed-in user's token (the account route). */
  auth?: boolean;
}

export const sayLanded = (endpoint: LandedEndpoint, body: LandedRequest): Promise<LandedResponse> =>
  apiRequest(endpoint.path, { method: 'POST', body, schema: landedResponseSchema, auth: endpoint.auth ?? false });

/** The two agreed routes, so pages need not spell them. */
export const passLandedEndpoint = (token: string): LandedEndpoint => ({ path: `/pass/${encodeURIComponent(token)}/landed` });
export const myLandedEndpoint = (bookingId: string): LandedEndpoint => ({ path: `/me/bookings/${encodeURIComponent(bookingId)}/landed`, auth: true });
