/**
 * Functions that are not HTTP routes: Cognito triggers. The CDK stack attaches each to the user pool; locally
 * the Cognito emulator invokes the same modules through the local Lambda endpoint (local/lambda-endpoint.ts).
 */
export interface TriggerDef {
  /** The Lambda function's short name; also the name the local emulator invokes. */
  name: string;
  /** Which user pool trigger it serves. */
  cognitoTrigger: 'customMessage';
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
}

export const triggers: readonly TriggerDef[] = [{ name: 'CustomMessage', cognitoTrigger: 'customMessage', entry: 'auth/custom-message.ts' }];
