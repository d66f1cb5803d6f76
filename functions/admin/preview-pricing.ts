/** POST /api/admin/pricing/preview {ruleSet}: ten sample stays under the rules in force and the proposed ones; saves nothing. */
import { pricingPreviewRequestSchema } from '../../shared/pricing-admin';
import { httpHandler } from '../lib/http';
import { previewPricing } from '../use-cases/admin/pricing';

export const handler = httpHandler({ access: 'admin', body: pricingPreviewRequestSchema }, async ({ body }) => ({ body: await previewPricing(body.ruleSet) }));
