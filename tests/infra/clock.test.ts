/**
 * The local clock does not exist in AWS: no function's environment sets its offset (and functions/lib/clock.ts
 * ignores one inside Lambda anyway: tests/unit/clock.test.ts), the API has no /_local route (nor does the route table
 * the stack is built from), CloudFront sends no /_local path anywhere but the site's not-found page, and /config.json
 * tells the SPA no clock offset, so the browser keeps its own clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_OFFSET_SETTING } from '../../functions/lib/clock';
import { routes } from '../../functions/routes';
import { jobs } from '../../functions/jobs';
import { CLOCK_PATH } from '../../local/clock';
import { devStack, resourcesOfType, type Synthesized } from './support/synth';

let s: Synthesized;

beforeAll(() => {
  s = devStack();
});

describe('the clock in AWS', () => {
  it('no function sets a clock offset: every route, job, trigger and notice function reads the real clock', () => {
    const functions = resourcesOfType(s, 'AWS::Lambda::Function');
    // Every route and job has its function here (the assertion below is over all of them, not an empty list).
    expect(functions.length).toBeGreaterThanOrEqual(routes.length + jobs.length);
    for (const [id, fn] of functions) {
      const names = Object.keys((fn.Environment?.Variables ?? {}) as Record<string, unknown>);
      expect(names, id).not.toContain(CLOCK_OFFSET_SETTING);
      expect(names.filter((n) => /CLOCK/i.test(n)), id).toEqual([]);
    }
  });

  it('the API has no /_local route: not in the route table, not on the HTTP API', () => {
    expect(routes.filter((r) => r.path.startsWith('/_local') || r.path === CLOCK_PATH)).toEqual([]);
    const keys = resourcesOfType(s, 'AWS::ApiGatewayV2::Route').map(([, p]) => String(p.RouteKey));
    expect(keys.length).toBe(routes.length);
    expect(keys.filter((k) => k.includes('/_local'))).toEqual([]);
  });

  it('CloudFront routes no /_local path to an origin of its own', () => {
    const [[, distribution]] = resourcesOfType(s, 'AWS::CloudFront::Distribution') as [[string, any]];
    const patterns = ((distribution.DistributionConfig.CacheBehaviors ?? []) as { PathPattern: string }[]).map((b) => b.PathPattern);
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.filter((p) => p.includes('_local'))).toEqual([]);
  });

  it('/config.json carries no clock offset', () => {
    const [, config] = resourcesOfType(s, 'Custom::CDKBucketDeployment').find(([, p]) => JSON.stringify(p.DistributionPaths) === '["/config.json"]')!;
    const assetDir = path.join(s.outdir, `asset.${(config.SourceObjectKeys[0] as string).replace(/\.zip$/, '')}`);
    const written = JSON.parse(readFileSync(path.join(assetDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)).toContain('apiBase');
    expect(Object.keys(written)).not.toContain('clockOffsetMs');
  });
});
