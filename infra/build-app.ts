/**
 * Builds the CDK app: per selected environment its stack and its us-east-1 WAF stack, checked by cdk-nag's AwsSolutions pack as a
 * validation plugin (unacknowledged errors fail the synth). bin/app.ts runs it for the CLI; the infra
 * tests call it directly with their own context and output folder.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import path from 'node:path';
import { cloudTrailFunctions } from '../functions/events';
import { jobs } from '../functions/jobs';
import { routes as routeTable, type RouteDef } from '../functions/routes';
import { triggers } from '../functions/triggers';
import { selectEnvironments } from './environments';
import { projectRoot } from '../project-paths';
import { EdgeProtection } from './edge-protection';
import { planFunctionBundles } from './function-bundles';
import { RunwayStack } from './stack';

export interface BuildAppOptions {
  /** Context as cdk.json and -c give it; must hold `environments`, may hold `env`. */
  context?: Record<string, unknown>;
  outdir?: string;
  /** The built SPA; defaults to web/dist. */
  webDist?: string | null;
  routes?: readonly RouteDef[];
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stacks: RunwayStack[]; edgeStacks: EdgeProtection[] } {
  const app = new App({ context: options.context, ...(options.outdir ? { outdir: options.outdir } : {}) });
  // -c userPoolSender=cognito: the first deploy of an environment whose pool mails through an SES identity
  // that is not verified yet (Cognito refuses an unverified identity). See docs/operations.md.
  const environments = selectEnvironments(app.node.tryGetContext('environments'), app.node.tryGetContext('env'), {
    userPoolSender: app.node.tryGetContext('userPoolSender'),
  });
  const routes = options.routes ?? routeTable;
  // Every handler the stacks deploy, bundled by one esbuild build when the first stack that needs its assets asks.
  planFunctionBundles([...routes, ...triggers, ...jobs, ...cloudTrailFunctions].map((f) => f.entry));
  const webDist = options.webDist === undefined ? path.join(projectRoot, 'web', 'dist') : options.webDist;
  // Each environment: its WAF web ACL in us-east-1 (CloudFront's region), then the stack that uses it.
  const edgeStacks: EdgeProtection[] = [];
  const stacks = environments.map((environment) => {
    const edge = new EdgeProtection(app, `${environment.stackName}-edge`, { environment });
    edgeStacks.push(edge);
    return new RunwayStack(app, environment.stackName, { environment, routes, webDist, webAclArn: edge.webAcl.attrArn });
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stacks, edgeStacks };
}
