/**
 * The shared header: brand, main links, Sign In or the signed-in user's menu, and on narrow screens a menu with
 * the support phone and the account links.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { site } from '@shared/site';
import { signInLinkState } from '../features/account/next-path';
import { useSignedIn } from '../features/account/session-flag';

// Only a signed-in visitor loads the account menu (and Radix's dropdown with it); the first load of / stays small.
const AccountHeaderMenu = lazy(() => import('../features/account/components/AccountHeader'));
const AccountMenuItems = lazy(() => import('../features/account/components/AccountHeader').then((m) => ({ default: m.AccountMenuItems })));

export const NAV_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const;

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label={`${site.brand} home`}>
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" width="32" height="32">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M7 21h18M9 17l6-2 8-7 2 1-5 8 5 1v2l-8-1-4 3-2-1 2-3-4-1z" fill="#f2c14e" />
      </svg>
      <span>{site.brand}</span>
    </Link>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const signedIn = useSignedIn();
  // Signing in comes back to this page (with its state: a quote on /booking), not to the home page.
  const signInFrom = signInLinkState(location);

  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    // A tap or click outside the header closes the menu, as a dropdown should.
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header ref={headerRef} className={signedIn ? 'site-header signed-in' : 'site-header'}>
      <div className="container header-inner">
        <Brand />
        <nav aria-label="Main" className="nav-desktop">
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <a className="header-phone" href={site.phoneHref}>
            <span aria-hidden="true">☎</span> {site.phone}
          </a>
          {signedIn ? (
            <Suspense fallback={<span className="user-menu-placeholder" aria-hidden="true" />}>
              <AccountHeaderMenu />
            </Suspense>
          ) : (
            <Link to="/login" state={signInFrom} className="btn btn-primary btn-sm">
              Sign In
            </Link>
          )}
          <button
            ref={buttonRef}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {open ? <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" /> : <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />}
            </svg>
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" className="nav-mobile" hidden={!open}>
        <ul className="container">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to}>{l.label}</NavLink>
            </li>
          ))}
          <li>
            <a href={site.phoneHref}>Call us: {site.phone}</a>
          </li>
          {signedIn ? (
            <Suspense fallback={null}>
              <AccountMenuItems />
            </Suspense>
          ) : (
            <>
              <li>
                <Link to="/manage-booking">Manage my booking</Link>
              </li>
              <li>
                <Link to="/login" state={signInFrom}>
                  Sign In
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
