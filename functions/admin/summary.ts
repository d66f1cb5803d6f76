/** GET /api/admin/summary: the four summary cards and the upcoming tabs' counts, from counters. */
import { httpHandler } from '../lib/http';
import { adminSummary } from '../use-cases/admin/summary';

export const handler = httpHandler({ access: 'admin' }, async () => ({ body: await adminSummary() }));
