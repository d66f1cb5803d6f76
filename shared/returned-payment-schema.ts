/** The wire shape of a balance payment not kept (shared/returned-payment.ts), for the pass and the return page's answers. */
import * as z from 'zod';
import { returnedPaymentReasons } from './returned-payment';

export const returnedPaymentSchema = z.object({
  amount: z.number(),
  kept: z.number(),
  refund: z.number(),
  reason: z.enum(returnedPaymentReasons),
  refunded: z.boolean(),
});
