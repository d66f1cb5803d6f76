/**
 * Local-only services mounted on the dev server before the SPA: the e-mail outbox viewer, the offline
 * Stripe stand-in, the clock's controls and the flight stand-in (local-service.ts says what a service is).
 */
import { clockService } from './clock';
import { flightStandIn } from './flight-stand-in';
import type { LocalServiceFactory } from './local-service';
import { outboxService } from './outbox';
import { stripeStandIn } from './stripe-stand-in';

export type { LocalContext, LocalService, LocalServiceFactory } from './local-service';

export const localServices: LocalServiceFactory[] = [outboxService, stripeStandIn, clockService, flightStandIn];
