/**
 * The CDK app (cdk.json runs it, after `npm run build`): `npm run synth` synthesizes every environment
 * offline; `npm run deploy -- -c env=dev` deploys one. See docs/operations.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../infra/build-app';
import { projectRoot } from '../project-paths';

const webDist = path.join(projectRoot, 'web', 'dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.warn(`No SPA build in ${path.relative(projectRoot, webDist)}: synthesizing without the site files (only /config.json). Run npm run build first.`);
}
const { app } = buildApp({ webDist });
app.synth();
