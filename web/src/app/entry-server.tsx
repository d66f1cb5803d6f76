/**
 * The build's pre-render (web/prerender-plugin.ts): one public page rendered with react-dom/server, lazy
 * pages awaited, as the signed-out visitor with no navigation state sees it before hydration. Never in the
 * browser bundle.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { takeServerMeta, type ServerMeta } from '../lib/useDocumentMeta';
import { App } from './App';

async function renderOnce(url: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(<App router={Router} />, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const chunks: Buffer[] = [];
  const sink = prelude.pipe(new PassThrough());
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

// A boundary React had to wait for is written out of order, swapped in by an inline script (which the CSP
// forbids, and which hides the text until it runs). Rendering again once the lazy pages have loaded writes
// every boundary in place; a few passes cover lazy parts inside lazy pages.
const OUT_OF_ORDER = /<template id="B:|\$RC\(/;
const MAX_PASSES = 4;

export async function render(url: string): Promise<{ html: string; meta: ServerMeta | null }> {
  for (let pass = 1; ; pass++) {
    const html = await renderOnce(url);
    const meta = takeServerMeta();
    if (!OUT_OF_ORDER.test(html)) return { html, meta };
    if (pass === MAX_PASSES) throw new Error(`pre-render of ${url} still waits for a lazy part after ${MAX_PASSES} passes`);
  }
}
