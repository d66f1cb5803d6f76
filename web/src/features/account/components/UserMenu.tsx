/**
 * The signed-in header's user menu (docs/accounts.md): the avatar with the e-mail's first letter, the
 * e-mail, Dashboard, Profile and Sign Out. Loaded only when someone is signed in; sign-out loads Amplify
 * on demand. Signing out from any state goes to `/`.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { staffAreas } from '@shared/roles';
import { goToPage } from '../../../lib/document-navigation';
import { useToast } from '../../../ui/toast/ToastProvider';
import { avatarLetter, type SessionHint } from '../session-hint';
import { signOutAndGoHome } from '../sign-out-flow';
import './user-menu.css';

export default function UserMenu({ hint }: { hint: SessionHint }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const letter = avatarLetter(hint.email);
  return (
    // Not modal and not portalled: the menu stays inside the header landmark and leaves the page readable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="user-menu-trigger" aria-label={`Account menu for ${hint.email ?? 'your account'}`}>
        <span className="avatar" aria-hidden="true">
          {letter}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="user-menu" align="end" sideOffset={8}>
        <DropdownMenu.Label className="user-menu-email break-anywhere">{hint.email ?? 'Signed in'}</DropdownMenu.Label>
        <DropdownMenu.Separator className="user-menu-separator" />
        <DropdownMenu.Item className="user-menu-item" onSelect={() => navigate('/customer-dashboard')}>
          Dashboard
        </DropdownMenu.Item>
        <DropdownMenu.Item className="user-menu-item" onSelect={() => navigate('/customer-dashboard?tab=profile')}>
          Profile
        </DropdownMenu.Item>
        {staffAreas(hint.groups).map((area) => (
          <DropdownMenu.Item key={area.to} className="user-menu-item" onSelect={() => goToPage(area.to, (to) => navigate(to))}>
            {area.label}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="user-menu-separator" />
        <DropdownMenu.Item className="user-menu-item" onSelect={() => void signOutAndGoHome(navigate, toast)}>
          Sign Out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
