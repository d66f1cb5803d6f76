/**
 * A WAF web ACL (scope REGIONAL) on the user pool. The SPA calls Cognito directly, around CloudFront and its web ACL
 * (infra/edge-protection.ts), so the pool's own endpoints get rate-based rules per client address: the operations
 * that make Cognito send an e-mail (sign-up, resend, reset), those that try a password or a code, and everything.
 * The Custom Message trigger's budgets (functions/use-cases/limits/account-email-budget.ts) bound what one account
 * or address receives; these bound what one client can try across many.
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/** Requests per client address per 5 minutes (WAF's sliding window); docs/security.md ("Limits") lists them. */
export const AUTH_RATE_LIMITS = {
  /** SignUp, ResendConfirmationCode, ForgotPassword: each may send an e-mail. */
  emailSending: 20,
  /** InitiateAuth, RespondToAuthChallenge, ConfirmSignUp, ConfirmForgotPassword: each tries a password or a code. */
  guessing: 100,
  /** Every call to the pool. */
  all: 1000,
} as const;

const TARGET = 'AWSCognitoIdentityProviderService.';

const operationIs = (operation: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
    positionalConstraint: 'EXACTLY',
    searchString: `${TARGET}${operation}`,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

function rateRule(name: string, priority: number, limit: number, operations: readonly string[] | null): CfnWebACL.RuleProperty {
  const scope = operations ? { scopeDownStatement: { orStatement: { statements: operations.map(operationIs) } } } : {};
  return {
    name,
    priority,
    action: { block: {} },
    statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', ...scope } },
    visibilityConfig: visibility(name),
  };
}

export class AuthProtection extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPool: IUserPool; namePrefix: string }) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-user-pool`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.namePrefix}-user-pool`),
      rules: [
        rateRule('account-emails-per-address', 0, AUTH_RATE_LIMITS.emailSending, ['SignUp', 'ResendConfirmationCode', 'ForgotPassword']),
        rateRule('passwords-and-codes-per-address', 1, AUTH_RATE_LIMITS.guessing, ['InitiateAuth', 'RespondToAuthChallenge', 'ConfirmSignUp', 'ConfirmForgotPassword']),
        rateRule('user-pool-per-address', 2, AUTH_RATE_LIMITS.all, null),
      ],
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.userPool.userPoolArn, webAclArn: this.webAcl.attrArn });
  }
}
