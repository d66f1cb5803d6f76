/** POST /api/yard/scan {code}: the booking a pass's QR code belongs to, as the yard sees it (staff). */
import { yardScanSchema } from '../../shared/yard';
import { httpHandler } from '../lib/http';
import { scanPass } from '../use-cases/yard/scan';

export const handler = httpHandler({ access: 'staff', body: yardScanSchema }, async ({ body }) => ({ body: await scanPass(body.code) }));
