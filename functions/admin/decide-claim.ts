/** POST /api/admin/bookings/{id}/claims/{claimId}/decision {outcome, reason, version}: accept or decline; the traveller is e-mailed. */
import { claimDecisionSchema } from '../../shared/claims';
import { httpHandler } from '../lib/http';
import { decideDamageClaim } from '../use-cases/claims/staff-claims';

export const handler = httpHandler({ access: 'admin', body: claimDecisionSchema }, async ({ auth, body, params }) => ({
  body: { claim: await decideDamageClaim(auth.user!, params.id ?? '', params.claimId ?? '', body) },
}));
