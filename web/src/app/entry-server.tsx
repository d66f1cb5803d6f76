/**
 * The build's pre-render (web/prerender-plugin.ts): one public page rendered with react-dom/server, lazy
 * pages awaited, as the signed-out visitor with no navigation state sees it before hydration. Never in the
 * browser bundle.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { ISLAND_NAMES, islandAttribute, IslandPlaceholders } from '../ui/Island';
import { takeServerMeta, type ServerMeta } from '../lib/useDocumentMeta';
import { App } from './App';
import { ISLANDS, islandIdPrefix, IslandRoot } from './island-root';

async function renderOnce(tree: ReactNode, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER, identifierPrefix });
  const chunks: Buffer[] = [];
  const sink = prelude.pipe(new PassThrough());
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const routerAt = (url: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  };

// A boundary React had to wait for is written out of order, swapped in by an inline script (which the CSP
// forbids, and which hides the text until it runs). Rendering again once the lazy pages have loaded writes
// every boundary in place; a few passes cover lazy parts inside lazy pages.
const OUT_OF_ORDER = /<template id="B:|\$RC\(/;
const MAX_PASSES = 4;

async function renderInPlace(url: string, tree: ReactNode, identifierPrefix?: string): Promise<string> {
  for (let pass = 1; ; pass++) {
    const html = await renderOnce(tree, identifierPrefix);
    if (!OUT_OF_ORDER.test(html)) return html;
    if (pass === MAX_PASSES) throw new Error(`pre-render of ${url} still waits for a lazy part after ${MAX_PASSES} passes`);
  }
}

/** A page of the whole app, which the browser hydrates as one tree (index.html's entry, or the pass's). */
export async function render(url: string): Promise<{ html: string; meta: ServerMeta | null }> {
  takeServerMeta();
  const html = await renderInPlace(url, <App router={routerAt(url)} />);
  return { html, meta: takeServerMeta() };
}

const noop = () => undefined;

/**
 * An information page (app/content-main.tsx): the page with each island written empty, then each island rendered as
 * the root the browser hydrates, and put in its place.
 */
export async function renderIslands(url: string): Promise<{ html: string; meta: ServerMeta | null }> {
  takeServerMeta();
  let html = await renderInPlace(
    url,
    <IslandPlaceholders.Provider value={true}>
      <App router={routerAt(url)} />
    </IslandPlaceholders.Provider>,
  );
  const meta = takeServerMeta();
  for (const name of ISLAND_NAMES) {
    const empty = `<div ${islandAttribute}="${name}" class="island"></div>`;
    if (!html.includes(empty)) continue;
    const Part = await ISLANDS[name]();
    const inner = await renderInPlace(
      url,
      <IslandRoot router={routerAt(url)} onLive={noop}>
        <Part />
      </IslandRoot>,
      islandIdPrefix(name),
    );
    html = html.replace(empty, () => `<div ${islandAttribute}="${name}" class="island">${inner}</div>`);
  }
  return { html, meta };
}
