/**
 * Settings the SPA reads at run time from /config.json, so one build serves every environment. The local
 * server writes it from the emulators; the CDK stack writes it at deploy time from the stack's outputs.
 */
import * as z from 'zod';

export const runtimeConfigSchema = z.object({
  apiBase: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Set only locally, where Cognito is an emulator reached through the dev server. */
  cognitoEndpoint: z.string().optional(),
  /** The managed login domain for Google sign-in; absent when Google is not configured. */
  oauthDomain: z.string().optional(),
  googleSignIn: z.boolean(),
  environment: z.string(),
  /**
   * Set only by the local stack: how far its clock is from the real one (ms), so the SPA decides "today" and the
   * lead time with the time the server keeps (web/src/lib/clock.ts). Absent in AWS, where both read the real clock.
   */
  clockOffsetMs: z.number().int().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
