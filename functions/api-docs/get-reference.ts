/** GET /api/reference: the OpenAPI document as a page (functions/openapi/reference-page.ts). */
import { httpHandler } from '../lib/http';
import { openApiDocument } from '../openapi/document';
import { referencePage } from '../openapi/reference-page';

const page = referencePage(openApiDocument());

export const handler = httpHandler({ access: 'public' }, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' },
  body: page,
}));
