/**
 * The staff pages' door (/admin and what is behind it): checks the group claim of the freshly refreshed id token
 * (after 100 ms). Signed-out visitors go to sign in; everyone else without the group sees Access Denied. The
 * API checks the same claim on every staff route; this only decides what to show. It lives in the app shell
 * because it joins two features: the account's session and the staff pages.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useToast } from '@/ui/toast/ToastProvider';
import { readSessionHint } from '../features/account/session-hint';
import { signOutAndGoHome } from '../features/account/sign-out-flow';

type Access = 'checking' | 'allowed' | 'denied';

/** Who may use the yard's screens: staff and admins (shared/roles.ts). */
export const YARD_GROUPS = ['staff', 'admin'] as const;

/** What a page behind the door may know of who came in. */
export interface StaffSession {
  signOut(): void;
  /** The caller's groups (an admin page shows admin-only links only to admins). */
  groups: readonly string[];
}

export interface StaffAreaProps {
  /** The groups that may enter (any one of them). */
  groups: readonly string[];
  /** Where sign-in sends them back to. */
  next: string;
  /** How the page names who may enter: 'Checking admin access', 'Sign In as Admin'. */
  role?: 'Admin' | 'Staff';
  children(session: StaffSession): ReactNode;
}

export function StaffArea({ groups, next, role = 'Admin', children }: StaffAreaProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [access, setAccess] = useState<Access>('checking');
  const [mine, setMine] = useState<readonly string[]>([]);
  const signIn = `/auth?next=${encodeURIComponent(next)}`;
  // The router's navigate changes with the address; the check runs once a visit, not again on each change.
  const current = useRef({ navigate, pathname: useLocation().pathname });

  useEffect(() => {
    const { navigate, pathname } = current.current;
    // Signing out here goes home, and the sign-out re-mounts this door (DataProvider empties the cache for the next
    // person) while the browser is already at / and home has not rendered yet: the door's check then finds nobody
    // signed in, and must not send them to sign in from a page they have left.
    const toSignIn = () => {
      if (window.location.pathname === pathname) navigate(signIn, { replace: true });
    };
    let live = true;
    const timer = setTimeout(() => {
      void (async () => {
        if (!readSessionHint()) return toSignIn();
        const { currentGroups } = await import('../features/account/tokens');
        const mine = await currentGroups();
        if (!live) return;
        if (mine === null) return toSignIn();
        setMine(mine);
        setAccess(mine.some((g) => groups.includes(g)) ? 'allowed' : 'denied');
      })().catch(() => live && setAccess('denied'));
    }, 100);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [signIn, groups]);

  const signOut = useCallback(() => void signOutAndGoHome(navigate, toast), [navigate, toast]);

  if (access === 'checking') {
    return (
      <section className="section">
        <div className="container narrow center" role="status">
          <div className="spinner spinner-lg" aria-hidden="true" />
          <h1 className="page-title">Loading</h1>
          <p className="muted">Checking {role.toLowerCase()} access</p>
        </div>
      </section>
    );
  }
  if (access === 'denied') {
    return (
      <section className="section">
        <div className="container narrow center">
          <div className="card status-card">
            <h1 className="page-title">Access Denied</h1>
            <p>{messages.forbidden}</p>
            <div className="center-actions">
              <Link className="btn btn-primary" to={signIn}>
                Sign In as {role}
              </Link>
              <Link className="btn btn-outline" to="/">
                Back to Home
              </Link>
            </div>
          </div>
        </div>
      </section>
    );
  }
  return <>{children({ signOut, groups: mine })}</>;
}
