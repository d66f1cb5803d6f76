/**
 * The OpenAPI document as a page a person reads (GET /api/reference): every route with who may call it, its
 * parameters, what it takes and what it answers. Rendered on the server as plain HTML with no script, so the site's
 * Content-Security-Policy needs nothing new and the page works wherever the API does.
 */
import { escapeHtml } from '../../shared/html';

type Json = Record<string, any>;

const ORDER = ['get', 'post', 'put', 'patch', 'delete'];

const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function operationHtml(path: string, method: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses as Record<string, Json>);
  const id = escapeHtml(op.operationId as string);
  return `<section class="op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary as string)}</p>
<p class="who">${escapeHtml(op.description as string)}</p>
${params.length ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params.map((p) => `<tr><td><code>${escapeHtml(p.name as string)}</code></td><td>${escapeHtml(p.in as string)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`).join('')}</tbody></table>` : ''}
${body ? `<h4>Request body (JSON)</h4>${schemaBlock(body)}` : ''}
<h4>Answers</h4>
${responses
  .map(([status, r]) => {
    const [mediaType, content] = Object.entries((r.content ?? {}) as Record<string, Json>)[0] ?? [];
    const shown = status === 'default' || status === '401' || status === '403' ? '' : content ? schemaBlock(content.schema) : '';
    return `<h5>${escapeHtml(status === 'default' ? 'Any other status (4xx)' : status)}${mediaType ? ` <small>${escapeHtml(mediaType)}</small>` : ''}</h5><p>${escapeHtml(r.description as string)}</p>${shown}`;
  })
  .join('\n')}
</section>`;
}

export function referencePage(doc: Json): string {
  const paths = Object.entries(doc.paths as Record<string, Json>);
  const operations = paths.flatMap(([path, item]) => ORDER.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Json })));
  const index = operations.map(({ path, method, op }) => `<li><a href="#${escapeHtml(op.operationId as string)}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></li>`).join('');
  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title as string)} reference</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b2430; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.875rem; }
pre { background: #f3f5f8; padding: 0.75rem; overflow-x: auto; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { border: 1px solid #c9d1dc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.op { border-top: 2px solid #c9d1dc; padding-top: 0.5rem; margin-top: 1.5rem; }
.method { display: inline-block; min-width: 4rem; font-weight: 700; }
.get { color: #0b5a2a; } .post { color: #0b3d91; } .put, .patch { color: #6b3e00; } .delete { color: #8a1020; }
.who { color: #3d4a5c; }
a { color: #0b3d91; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(doc.info.title as string)}</h1>
<p>${escapeHtml(doc.info.description as string)}</p>
<p>The same contract as JSON: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi as string)}).</p>
<nav aria-label="Routes"><h2>Routes</h2><ul>${index}</ul></nav>
<h2>Each route</h2>
${operations.map(({ path, method, op }) => operationHtml(path, method, op)).join('\n')}
</main>
</body>
</html>
`;
}
