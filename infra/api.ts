/**
 * The HTTP API: one route and one function per entry of functions/routes.ts, the Cognito JWT authorizer on
 * every route that is not public, stage throttling and JSON access logs. Public routes (the quote, checkout,
 * the Stripe webhook) get no authorizer; the webhook's body reaches the function exactly as Stripe sent it
 * (payload format 2.0 passes the body through), which its signature check needs.
 */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpStage, LogGroupLogDestination, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { NestedStack } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeId, type Access, type RouteDef } from '../functions/routes';
import type { Environment } from './environments';
import { removalPolicy } from './removal';
import { RouteFunction, type SharedFunctionSettings } from './route-function';

// The route key (`GET /api/checkout/{sessionId}`), never the path: a path can carry a session id, a bearer secret.
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
});

/**
 * The route functions live in nested stacks, one per audience, because CloudFormation takes at most 500 resources
 * per stack and each route brings five (function, role, policy, log group, invoke permission): at 60 routes one stack
 * held 611. The API, its routes and integrations stay in the main stack. Grouped by who calls them, so a group grows
 * with that part of the product: at five resources a route, each holds up to 100 routes.
 */
const ROUTE_GROUPS: Record<Access, string> = { public: 'PublicRoutes', user: 'CustomerRoutes', staff: 'StaffRoutes', admin: 'StaffRoutes' };

export interface RouteResources {
  route: RouteDef;
  handler: RouteFunction;
  httpRoute: HttpRoute;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** One JSON line per request (ACCESS_LOG_FORMAT): the 5xx alarms count its statuses per route (infra/monitoring.ts). */
  readonly accessLogs: LogGroup;
  readonly routes: RouteResources[] = [];

  constructor(scope: Construct, id: string, props: { env: Environment }) {
    super(scope, id);
    const { env } = props;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${env.namePrefix}-api`,
      description: `Runway Parking API (${env.name})`,
      // The stage is made below so it can carry throttling and access logs.
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: env.logRetentionDays, removalPolicy: removalPolicy(env) });
    this.accessLogs = accessLogs;
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: env.throttle.rateLimit, burstLimit: env.throttle.burstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.custom(ACCESS_LOG_FORMAT) },
    });
  }

  /**
   * One function and one route per entry of the route table. Made after the site and the user pool exist,
   * since the functions' settings name them; the API itself is made first because the site's /api/*
   * behaviour points at it.
   */
  addRouteFunctions(routes: readonly RouteDef[], props: { client: IUserPoolClient; settings: SharedFunctionSettings }): void {
    const { settings } = props;
    const authorizer: IHttpRouteAuthorizer = new HttpUserPoolAuthorizer('Cognito', settings.targets.userPool, {
      authorizerName: 'cognito',
      userPoolClients: [props.client],
      userPoolRegion: settings.env.region,
    });
    const seen = new Set<string>();
    const groups = new Map<string, NestedStack>();
    const groupOf = (route: RouteDef): NestedStack => {
      const name = ROUTE_GROUPS[route.access];
      let group = groups.get(name);
      if (!group) {
        group = new NestedStack(this, name, { description: `Runway Parking (${settings.env.name}): the ${name.replace('Routes', '').toLowerCase()} API routes' functions` });
        groups.set(name, group);
      }
      return group;
    };
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`functions/routes.ts lists ${key} twice`);
      seen.add(key);
      const name = routeId(route);
      const handler = new RouteFunction(groupOf(route), name, { route, settings });
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${name}Integration`, handler.fn),
        ...(route.access === 'public' ? {} : { authorizer }),
      });
      this.routes.push({ route, handler, httpRoute: httpRoute! });
    }
  }
}
