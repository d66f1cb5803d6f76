/**
 * The published contract (functions/openapi/) covers every route of functions/routes.ts, and what it says a route
 * takes is what the route's handler parses: the same schema objects, read from each handler module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { routes, type RouteDef } from '../../functions/routes';
import { API_CONTRACT } from '../../functions/openapi/contract';
import { openApiDocument } from '../../functions/openapi/document';
import { referencePage } from '../../functions/openapi/reference-page';
import { functionsDir } from '../../project-paths';

type Declared = { contract?: { access: string; body?: unknown; query?: unknown } };
const key = (r: RouteDef) => `${r.method} ${r.path}`;
const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

describe('the OpenAPI contract', () => {
  // Every handler module is loaded once before the tests, not inside one: a module's own top-level code (its schemas,
  // texts and tables) then runs outside every test, which is how mutation testing tells it from code a test runs.
  const handlers = new Map<string, Declared>();
  beforeAll(async () => {
    for (const r of routes) handlers.set(key(r), ((await import(pathToFileURL(path.join(functionsDir, r.entry)).href)) as { handler: Declared }).handler);
  }, 180_000);

  it('is OpenAPI 3.1 with one operation per route, and no route the table lacks', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(routes.map(key).sort());
    expect(Object.keys(API_CONTRACT).sort()).toEqual(routes.map(key).sort());
  });

  it.each(routes.map((r) => [key(r), r] as const))('%s: the handler parses exactly the documented query and body, and calls itself the same access', (_k, r) => {
    const declared = handlers.get(key(r))!.contract!;
    const c = API_CONTRACT[key(r) as keyof typeof API_CONTRACT]!;
    expect(declared.access).toBe(r.access);
    expect(declared.query).toBe(c.query);
    // POST /api/checkout reads its body itself (to name every field's problem); the stack parses every other.
    expect(declared.body).toBe(c.bodyParsedByHandler ? undefined : c.body);
  });

  it('describes what a caller needs: path parameters, query fields, the body and who may call', () => {
    const list = doc.paths['/api/admin/bookings']!.get;
    expect(list['x-access']).toBe('staff');
    expect(list.security).toEqual([{ cognito: [] }]);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['tab', 'q', 'status', 'dropOffFrom', 'dropOffTo']));
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '401', '403', 'default']));

    const edit = doc.paths['/api/me/bookings/{id}']!.patch;
    expect(edit.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(edit.responses['403']).toBeUndefined();

    const checkout = doc.paths['/api/checkout']!.post;
    expect(checkout.security).toBeUndefined();
    expect(checkout.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['quote', 'customer', 'paymentType']));
    expect(Object.keys(checkout.responses)).toEqual(['201', 'default']);
    expect(doc.components.schemas.Error.required).toEqual(['message']);

    const csv = doc.paths['/api/admin/bookings.csv']!.get;
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
  });

  it('as a page: every route listed and linked, texts escaped, no script', () => {
    const html = referencePage(doc);
    for (const r of routes) expect(html, key(r)).toContain(`<span class="method ${r.method.toLowerCase()}">${r.method}</span> <code>${r.path}</code>`);
    expect(html).not.toMatch(/<script/i);
    // A summary with an apostrophe arrives escaped, not as markup.
    expect(html).toContain('The signed-in customer&#39;s bookings.');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
