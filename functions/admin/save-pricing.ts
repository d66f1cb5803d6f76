/** PUT /api/admin/pricing {version, ruleSet}: save the price rules (400 with the field's message, 409 on a stale version). */
import { pricingSaveSchema } from '../../shared/pricing-admin';
import { httpHandler } from '../lib/http';
import { savePricing } from '../use-cases/admin/pricing';

export const handler = httpHandler({ access: 'admin', body: pricingSaveSchema }, async ({ auth, body }) => ({ body: await savePricing(auth.user!, body) }));
