/**
 * A part of a pre-rendered information page that comes to life in the browser on its own (docs/architecture.md,
 * "How pages hydrate"): the header, the footer, the FAQ's accordion, the contact form. The rest of such a page stays
 * the HTML the build wrote, so the browser runs no script for it. Elsewhere (the whole app, which renders or hydrates
 * every page as one tree) an island is only a wrapper that lays out as if it were not there.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** Every island a page can hold; the content entry (app/content-main.tsx) has a loader for each. */
export const ISLAND_NAMES = ['header', 'footer', 'faq', 'contact-form'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * Set by the build's pre-render of an information page: each island is written empty, and filled with its own render
 * as a root of its own, the render the browser's hydration of that root will meet (its ids included).
 */
export const IslandPlaceholders = createContext(false);

export const islandAttribute = 'data-island';

export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  const placeholder = useContext(IslandPlaceholders);
  return (
    <div data-island={name} className="island">
      {placeholder ? null : children}
    </div>
  );
}
