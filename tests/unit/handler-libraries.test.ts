/**
 * Each Lambda bundle carries only the heavy libraries its route uses (bench/README.md, "Each Lambda carries only what
 * it uses"): CDK bundles every handler from its entry, so a shared module that imports Stripe, pdf-lib or passkit
 * puts it in every handler that reaches it, and each cold start loads it. Read from the import graph (value imports
 * only, as esbuild keeps them): the Stripe SDK only where the route may call Stripe (`stripe` in its needs, the same
 * list that grants its secret), pdf-lib only in the invoice handlers, passkit-generator only in the Apple Wallet
 * pass, and Powertools' idempotency only in the routes that honour `Idempotency-Key`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { importGraph, packageImports, reachedFrom } from '../support/import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const graph = importGraph(root, { values: true });

/** The packages each route's handler reaches, by "METHOD path". */
const reached = new Map(
  routes.map((r) => {
    const files = reachedFrom(graph, `functions/${r.entry}`);
    return [`${r.method} ${r.path}`, new Set(files.flatMap((f) => packageImports(root, f)))] as const;
  }),
);

const routesReaching = (pkg: RegExp) => [...reached].filter(([, pkgs]) => [...pkgs].some((p) => pkg.test(p))).map(([route]) => route).sort();
const routesWhere = (keep: (r: (typeof routes)[number]) => boolean) => routes.filter(keep).map((r) => `${r.method} ${r.path}`).sort();

describe('heavy libraries stay in the handlers that use them', () => {
  it('reads the handlers: every route reaches its own handler module and the AWS SDK', () => {
    expect(reached.size).toBe(routes.length);
    expect(routesReaching(/^@aws-sdk\/client-dynamodb$|^@aws-sdk\/lib-dynamodb$/).length).toBeGreaterThan(routes.length / 2);
  });

  it('the Stripe SDK only where the route may call Stripe', () => {
    // Check-in saves through the booking change path, whose withdrawal of a superseded balance session is Stripe's; a
    // check-in never moves what is due, so it never calls it (and holds no Stripe secret), but the code is reached.
    const reachedWithoutCalling = ['POST /api/yard/bookings/{id}/check-in'];
    expect(routesReaching(/^stripe(\/|$)/)).toEqual([...routesWhere((r) => r.needs.includes('stripe')), ...reachedWithoutCalling].sort());
  });

  it('pdf-lib only in the four invoice handlers', () => {
    expect(routesReaching(/^pdf-lib(\/|$)|^@pdf-lib\//)).toEqual(['GET /api/admin/bookings/{id}/invoice.pdf', 'GET /api/me/bookings/{id}/invoice.pdf', 'GET /api/pass/{token}/invoice.pdf', 'POST /api/pass/{token}/invoice-email'].sort());
  });

  it('passkit-generator only in the Apple Wallet pass', () => {
    expect(routesReaching(/^passkit-generator(\/|$)/)).toEqual(['GET /api/pass/{token}/wallet.pkpass']);
  });

  it("Powertools' idempotency only in the routes that honour Idempotency-Key", () => {
    expect(routesReaching(/^@aws-lambda-powertools\/idempotency(\/|$)/)).toEqual(routesWhere((r) => r.needs.includes('idempotency')));
  });
});
