/**
 * The information pages' own entry (docs/architecture.md, "How pages hydrate"): the build writes each information page
 * as HTML with this script in place of index.html's, and only its islands (ui/Island.tsx) are hydrated, each a root of
 * its own: the header, the footer, the FAQ's accordion, the contact form. The page's text is never rendered again
 * in the browser, and neither the app's route table nor the pages' code is loaded. `<html data-hydrated>` is set when
 * every island is live, as the whole app sets it (app/hydration.ts).
 */
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { registerAccountTokens } from '../features/account/token-provider';
import { ISLAND_NAMES, islandAttribute, type IslandName } from '../ui/Island';
import { ISLANDS, islandIdPrefix, IslandRoot } from './island-root';
import '../styles.css';

registerAccountTokens();

const isIslandName = (name: string | undefined): name is IslandName => (ISLAND_NAMES as readonly (string | undefined)[]).includes(name);

const islands = [...document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`)].flatMap((el) => {
  const name = el.getAttribute(islandAttribute) ?? undefined;
  return isIslandName(name) ? [{ el, name }] : [];
});
let waiting = islands.length;
const live = () => {
  waiting -= 1;
  if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
};

for (const { el, name } of islands) {
  void ISLANDS[name]().then((Part) =>
    hydrateRoot(
      el,
      <IslandRoot router={BrowserRouter} onLive={live}>
        <Part />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(name) },
    ),
  );
}
