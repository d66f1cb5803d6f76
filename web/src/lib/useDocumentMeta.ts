import { useEffect } from 'react';
import { site } from '@shared/site';

export interface ServerMeta {
  title: string;
  description: string;
}

// The page rendered last by the build's pre-render; the browser never sets it.
let serverMeta: ServerMeta | null = null;

/** The title and description the pre-rendered page asked for (read once per render by entry-server.tsx). */
export function takeServerMeta(): ServerMeta | null {
  const meta = serverMeta;
  serverMeta = null;
  return meta;
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the page title, meta description and Open Graph tags for the current route (in the pre-rendered HTML too). */
export function useDocumentMeta(title: string, description: string): void {
  const full = title.includes(site.brand) ? title : `${title} | ${site.brand}`;
  if (typeof document === 'undefined') serverMeta = { title: full, description };
  useEffect(() => {
    document.title = full;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', site.brand);
    setMeta('property', 'og:url', window.location.href);
  }, [full, description]);
}
