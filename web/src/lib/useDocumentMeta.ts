import { useEffect } from 'react';
import { site } from '@shared/site';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the page title, meta description and Open Graph tags for the current route. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    const full = title.includes(site.brand) ? title : `${title} | ${site.brand}`;
    document.title = full;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', site.brand);
    setMeta('property', 'og:url', window.location.href);
  }, [title, description]);
}
