/**
 * cdk-nag's AwsSolutions pack runs on every synth (infra/build-app.ts): an unacknowledged error stops it,
 * and every acknowledgement says why.
 */
import { Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { buildApp } from '../../infra/build-app';
import { cdkContext, devStack, removeTemporaryFolders, temporaryFolder } from './support/synth';

const quoteRoute = routes.filter((r) => r.path === '/api/quotes');

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason }))),
  );
}

afterAll(removeTemporaryFolders);

describe('cdk-nag AwsSolutions', () => {
  it('the dev stack passes with zero unacknowledged findings, and each acknowledgement carries its reason', () => {
    const s = devStack();
    expect(s.report.pluginReports.flatMap((p) => p.violations)).toEqual([]);
    const acks = acknowledgements(s.stack);
    expect(acks.length).toBeGreaterThan(10);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(ack.reason.length, `${ack.id} on ${ack.path}`).toBeGreaterThanOrEqual(60);
    }
    // The public quote route is acknowledged as public on purpose, naming itself.
    expect(acks).toContainEqual(expect.objectContaining({ id: expect.stringContaining('AwsSolutions-APIG4'), reason: expect.stringContaining('POST /api/quotes') }));
  });

  it('a resource that breaks a rule without an acknowledgement fails the synth', () => {
    const outdir = temporaryFolder('runway-nag-');
    // No bundling (the CLI's --exclusively does the same): the rules read the construct tree, not the bundles.
    const context = { ...cdkContext, env: 'dev', [BUNDLING_STACKS]: [] };
    const { app, stacks } = buildApp({ context, outdir, webDist: null, routes: quoteRoute });
    new Bucket(stacks[0]!, 'Careless');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
    const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[] }[];
    };
    const careless = report.pluginReports
      .flatMap((p) => p.violations)
      .filter((v) => v.violatingConstructs.some((c) => c.constructPath.includes('/Careless/')))
      .map((v) => `${v.severity} ${v.ruleName}`);
    expect(careless).toEqual(expect.arrayContaining(['error AwsSolutions-S1', 'error AwsSolutions-S10']));
  });
});
