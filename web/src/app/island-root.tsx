/**
 * The islands of an information page (ui/Island.tsx): what each one renders, and the root each is rendered in, by the
 * build's pre-render (entry-server.tsx, under a StaticRouter) and by the browser's hydration (content-main.tsx, under
 * a BrowserRouter). Both render exactly this tree, each island a root of its own with its own id prefix, so the ids
 * React makes (the header menu's, the accordion's) are the same on both sides.
 */
import { StrictMode, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { IslandName } from '../ui/Island';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { Footer } from './Footer';
import { Header } from './Header';

/** Each island's component: the header and footer are on every page; the others load only on the page that has them. */
export const ISLANDS: Record<IslandName, () => Promise<ComponentType>> = {
  header: () => Promise.resolve(Header),
  footer: () => Promise.resolve(Footer),
  faq: () => import('../features/info/components/FaqAccordion').then((m) => m.FaqAccordion),
  'contact-form': () => import('../features/info/components/ContactForm').then((m) => m.ContactForm),
};

export const islandIdPrefix = (name: IslandName): string => `${name}-`;

/**
 * A link pressed inside an island (the header's, the footer's) moves its router, which knows only that island: the
 * address it moved to is then loaded as a page, pre-rendered or the app's, with the link's state kept in the history
 * entry (Sign In comes back to this page).
 */
function HandOverOnNavigate() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) window.location.reload();
  }, [key]);
  return null;
}

/** Tells the page once that this island is live. */
function Live({ onLive }: { onLive: () => void }) {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    onLive();
  }, [onLive]);
  return null;
}

export function IslandRoot({ router: Router, onLive, children }: { router: (props: { children: ReactNode }) => ReactNode; onLive: () => void; children: ReactNode }) {
  return (
    <StrictMode>
      <ToastProvider>
        <Router>
          <HandOverOnNavigate />
          <Live onLive={onLive} />
          {children}
        </Router>
      </ToastProvider>
    </StrictMode>
  );
}
