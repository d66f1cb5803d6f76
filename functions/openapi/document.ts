/**
 * The API's OpenAPI 3.1 document, built from the route table (paths, methods, who may call) and the contract
 * (contract.ts: the shared zod schemas, turned into JSON Schema by zod itself). Served at GET /api/openapi.json and
 * as a page at GET /api/reference.
 */
import * as z from 'zod';
import { errorResponseSchema } from '../../shared/schemas';
import { routes, type RouteDef } from '../routes';
import { API_CONTRACT, type RouteContract, type RouteKey } from './contract';

type Json = Record<string, unknown>;

const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}` as RouteKey;

export function contractOf(r: Pick<RouteDef, 'method' | 'path'>): RouteContract {
  const c = API_CONTRACT[routeKey(r)];
  if (!c) throw new Error(`No contract for ${routeKey(r)} (functions/openapi/contract.ts)`);
  return c;
}

/** Requests are described as sent (before defaults and transforms), answers as received. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const WHO: Record<RouteDef['access'], string> = {
  public: 'Anyone.',
  user: 'A signed-in account (Cognito access or id token); a booking that is not its own answers 404.',
  staff: 'An account in the `staff` or `admin` group.',
  admin: 'An account in the `admin` group.',
};

function queryParameters(schema: z.ZodType): Json[] {
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: s.required?.includes(name) ?? false, schema: property }));
}

const pathParameters = (path: string): Json[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));

function operation(r: RouteDef): Json {
  const c = contractOf(r);
  const success = c.response instanceof z.ZodType ? { content: { 'application/json': { schema: jsonSchema(c.response, 'output') } } } : { content: { [c.response.mediaType]: { schema: { type: 'string' } } } };
  const failure = { description: 'Refused: `message` says why in words the page can show; `fieldErrors` names the fields.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: `${r.method.toLowerCase()}${r.path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    summary: c.summary,
    description: `Who may call: ${WHO[r.access]}`,
    'x-access': r.access,
    ...(r.access === 'public' ? {} : { security: [{ cognito: [] }] }),
    parameters: [...pathParameters(r.path), ...(c.query ? queryParameters(c.query) : [])],
    ...(c.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(c.body, 'input') } } } } : {}),
    responses: {
      [String(c.status ?? 200)]: { description: c.response instanceof z.ZodType ? 'OK' : c.response.description, ...success },
      ...(r.access === 'public' ? {} : { '401': failure }),
      ...(r.access === 'admin' || r.access === 'staff' ? { '403': failure } : {}),
      default: failure,
    },
  };
}

export function openApiDocument(all: readonly RouteDef[] = routes): Json {
  const paths: Record<string, Json> = {};
  for (const r of all) paths[r.path] = { ...paths[r.path], [r.method.toLowerCase()]: operation(r) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Runway Parking API',
      version: '1',
      description: 'Quotes, bookings and payments for travellers; the yard for staff. Money is in dollars unless a field says cents.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
      securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A Cognito user pool token from the site's sign-in." } },
    },
  };
}
