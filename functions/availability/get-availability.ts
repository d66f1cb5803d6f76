/**
 * GET /api/availability?from=&to=: the dates with no place left (at most 370 days a request). Public, and
 * cached briefly: a date that fills is refused by the checkout's hold whatever a cached answer said.
 */
import { availabilityQuerySchema } from '../../shared/availability';
import { httpHandler } from '../lib/http';
import { availability } from '../use-cases/booking/availability';

export const AVAILABILITY_MAX_AGE_SECONDS = 30;

export const handler = httpHandler({ access: 'public', query: availabilityQuerySchema }, async ({ query }) => ({
  body: await availability(query.from, query.to),
  headers: { 'cache-control': `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}` },
}));
