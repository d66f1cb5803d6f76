/** GET /api/admin/pricing: the price rules in force, their version and their latest changes (admin only). */
import { httpHandler } from '../lib/http';
import { readPricing } from '../use-cases/admin/pricing';

export const handler = httpHandler({ access: 'admin' }, async () => ({ body: await readPricing() }));
