/**
 * The WAF web ACL in front of the site's CloudFront distribution. A web ACL for CloudFront (scope CLOUDFRONT)
 * can only be made in us-east-1, while the environment's stack lives in its own region (ap-southeast-2), so
 * it is a stack of its own in us-east-1. The main stack depends on it (deploying the main stack deploys it
 * first) and reads its ARN at deploy time with CloudFormation's Fn::GetStackOutput (cdk.json's weak cross-stack
 * references: no export, no custom resource). Nothing is looked up while synthesizing: `npm run synth` stays offline.
 *
 * Rules, in order: AWS's known-bad-inputs and common rule groups, then rate-based rules per client address on
 * the contact form, the checkout routes and the whole API. Blocked rate-limited requests get a 429 JSON
 * {message} the pages show, like the app's own request budgets.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { Environment } from './environments';

/** CloudFront reads web ACLs, like certificates, from us-east-1 only. */
export const EDGE_REGION = 'us-east-1';

export const TOO_MANY_REQUESTS_BODY = JSON.stringify({ message: 'Too many requests from your network. Please wait a few minutes and try again.' });

/** The Stripe webhook's body is Stripe's JSON, authenticated by its signature; the common rules' body checks stay off it. */
const WEBHOOK_PATH = '/api/webhooks/stripe';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathStartsWith = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const methodIs = (method: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

function managedGroup(name: string, priority: number, options: { excludedPath?: string; countOnly?: string[] } = {}): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(options.countOnly ? { ruleActionOverrides: options.countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
        ...(options.excludedPath ? { scopeDownStatement: { notStatement: { statement: pathStartsWith(options.excludedPath) } } } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

function rateRule(name: string, priority: number, limit: number, scope: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests', responseHeaders: [{ name: 'retry-after', value: '300' }] } } },
    statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement: scope } },
    visibilityConfig: visibility(name),
  };
}

export class EdgeProtection extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps & { environment: Environment }) {
    const env = props.environment;
    super(scope, id, {
      ...props,
      env: { region: EDGE_REGION, ...(env.account ? { account: env.account } : {}) },
      stackName: `${env.stackName}-edge`,
      description: `Runway Parking (${env.name}): the WAF web ACL in front of the site (CloudFront, hence ${EDGE_REGION})`,
      terminationProtection: env.removalPolicy === 'retain',
    });
    const limits = env.limits.waf;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${env.namePrefix}-site`,
      description: `Runway Parking ${env.name}: AWS managed rules and per-address rate limits for the site and its API`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: { tooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY } },
      visibilityConfig: visibility(`${env.namePrefix}-site`),
      rules: [
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 0),
        // Bodies: the app refuses anything over 64 KB itself (413), and 8 KB is less than a Stripe event may be,
        // so the size rule only counts; the webhook's signed body skips the group's body checks altogether.
        managedGroup('AWSManagedRulesCommonRuleSet', 1, { excludedPath: WEBHOOK_PATH, countOnly: ['SizeRestrictions_BODY'] }),
        rateRule('RateContact', 2, limits.contactPer5Minutes, { andStatement: { statements: [pathStartsWith('/api/contact'), methodIs('POST')] } }),
        rateRule('RateCheckout', 3, limits.checkoutPer5Minutes, pathStartsWith('/api/checkout')),
        // Stripe retries webhooks from a handful of addresses: they are not counted against the API's limit.
        rateRule('RateApi', 4, limits.apiPer5Minutes, { andStatement: { statements: [pathStartsWith('/api/'), { notStatement: { statement: pathStartsWith(WEBHOOK_PATH) } }] } }),
      ],
    });
  }
}
