/**
 * The CDK app (cdk.json runs it): `npm run synth` synthesizes every environment offline;
 * `npm run deploy -- -c env=dev` deploys one. See docs/operations.md.
 */
import { buildApp } from '../infra/build-app';

const { app } = buildApp();
app.synth();
