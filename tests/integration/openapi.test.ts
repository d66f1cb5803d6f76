/** The contract is served where the issue says, to anyone, as JSON and as a page, through the local gateway. */
import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../functions/routes';

const baseUrl = inject('baseUrl');

describe('GET /api/openapi.json and /api/reference', () => {
  it('answers the OpenAPI document to an anonymous caller, with every route of the table', async () => {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { 'x-access': string }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const r of routes) expect(doc.paths[r.path]?.[r.method.toLowerCase()]?.['x-access'], `${r.method} ${r.path}`).toBe(r.access);
  });

  it('answers the reference page as HTML, naming every route', async () => {
    const res = await fetch(`${baseUrl}/api/reference`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1>Runway Parking API</h1>');
    for (const r of routes) expect(html, `${r.method} ${r.path}`).toContain(`<code>${r.path}</code>`);
  });
});
