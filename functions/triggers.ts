/**
 * Functions that are not HTTP routes: Cognito triggers. The CDK stack attaches each to the user pool; locally
 * the Cognito emulator invokes the same modules through the local Lambda endpoint (local/lambda-endpoint.ts).
 */
import type { Need } from './routes';

export interface TriggerDef {
  /** The Lambda function's short name; also the name the local emulator invokes. */
  name: string;
  /** Which user pool trigger it serves. */
  cognitoTrigger: 'customMessage';
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
  /** What its role may touch, as a route's needs (only table needs are used by triggers). */
  needs: readonly Need[];
}

export const triggers: readonly TriggerDef[] = [
  // It counts the account e-mails it writes against their budgets.
  { name: 'CustomMessage', cognitoTrigger: 'customMessage', entry: 'auth/custom-message.ts', needs: ['account-email:write'] },
];
