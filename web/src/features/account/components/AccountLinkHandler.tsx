/**
 * Watches the site root for an account e-mail's confirmation link and, only then, loads the code that
 * confirms it (Amplify stays out of the first load of `/`). The link's query is removed once handled, so a
 * reload or a shared URL does not try the code again.
 */
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readAccountLink } from '@shared/account-links';

const ConfirmSignUpNotice = lazy(() => import('./ConfirmSignUpNotice'));

export default function AccountLinkHandler() {
  const location = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => readAccountLink(location.search), [location.search]);
  const clear = useCallback(() => navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: { accountLink: link } }), [navigate, location.pathname, location.hash, link]);
  const held = (location.state as { accountLink?: ReturnType<typeof readAccountLink> } | null)?.accountLink ?? null;
  const shown = link?.kind === 'confirm' ? link : held?.kind === 'confirm' ? held : null;
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmSignUpNotice link={shown} onDone={link ? clear : () => undefined} />
    </Suspense>
  );
}
