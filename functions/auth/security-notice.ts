/**
 * Security notices. An EventBridge rule hands this function CloudTrail's record of every successful
 * user pool call that changes a password or turns two-step sign-in on or off (functions/events.ts,
 * infra/security-notices.ts); locally the Cognito emulator sends the same record after the same calls. It finds the
 * account by the `sub` Cognito records, and e-mails its address what changed, when, and what to do if it was not
 * them. The browser plays no part, so no caller can skip the notice.
 */
import * as z from 'zod';
import { userPoolId } from '../lib/cognito';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';
import { sendSecurityNotice, type SecurityCallRecord } from '../use-cases/account/security-notice';

const cloudTrailCall = z.object({
  'detail-type': z.literal('AWS API Call via CloudTrail'),
  detail: z.object({
    eventSource: z.literal('cognito-idp.amazonaws.com'),
    eventName: z.string(),
    eventTime: z.string(),
    errorCode: z.string().optional(),
    requestParameters: z
      .object({
        userPoolId: z.string().optional(),
        username: z.string().optional(),
        softwareTokenMfaSettings: z.object({ enabled: z.boolean().optional() }).loose().optional(),
      })
      .loose()
      .nullish(),
    additionalEventData: z.object({ sub: z.string().optional() }).loose().nullish(),
  }).loose(),
}).loose();

/** CloudTrail hides what it considers private with this string; it names nobody. */
const HIDDEN = 'HIDDEN_DUE_TO_SECURITY_REASONS';
const named = (value: string | undefined) => (value && value !== HIDDEN ? value : undefined);

export function recordOf(event: unknown): SecurityCallRecord | null {
  const parsed = cloudTrailCall.safeParse(event);
  if (!parsed.success) return null;
  const { detail } = parsed.data;
  const request = detail.requestParameters ?? {};
  const totp = request.softwareTokenMfaSettings?.enabled;
  return {
    eventName: detail.eventName,
    eventTime: detail.eventTime,
    ...(detail.errorCode ? { errorCode: detail.errorCode } : {}),
    ...(named(detail.additionalEventData?.sub) ? { sub: detail.additionalEventData!.sub! } : {}),
    ...(named(request.userPoolId) ? { userPoolId: request.userPoolId! } : {}),
    ...(named(request.username) ? { username: request.username! } : {}),
    ...(typeof totp === 'boolean' ? { totpEnabled: totp } : {}),
  };
}

/** In the same handler stack as every other function (lib/observed.ts): each line carries the invocation's request id. */
export const handler = observed(async (event: unknown): Promise<void> => {
  const record = recordOf(event);
  if (!record) return void logger.warn('Security notice: not a user pool call record', { event: JSON.stringify(event).slice(0, 500) });
  await sendSecurityNotice(record, { userPoolId: userPoolId(), siteUrl: process.env.SITE_URL ?? '' });
});
