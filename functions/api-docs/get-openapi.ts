/** GET /api/openapi.json: the API's contract as OpenAPI 3.1, built from the route table and the shared schemas. */
import { httpHandler } from '../lib/http';
import { openApiDocument } from '../openapi/document';

const document = openApiDocument();

export const handler = httpHandler({ access: 'public' }, async () => ({ body: document, headers: { 'cache-control': 'public, max-age=300' } }));
