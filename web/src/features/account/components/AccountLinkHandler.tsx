/**
 * Mounted by the home page only when it opened from an account e-mail's confirmation link: loads the code that
 * confirms it (Amplify stays out of the first load of `/`). The link is read once; its query is removed once
 * handled, so a reload or a shared URL does not try the code again.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readAccountLink } from '@shared/account-links';

const ConfirmSignUpNotice = lazy(() => import('./ConfirmSignUpNotice'));

export default function AccountLinkHandler() {
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readAccountLink(location.search));
  const clear = useCallback(() => navigate({ pathname: location.pathname, hash: location.hash }, { replace: true }), [navigate, location.pathname, location.hash]);
  if (link?.kind !== 'confirm') return null;
  return (
    <Suspense fallback={null}>
      <ConfirmSignUpNotice link={link} onDone={clear} />
    </Suspense>
  );
}
