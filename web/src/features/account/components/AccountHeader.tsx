/**
 * The header's signed-in parts, loaded only when a session is stored: the staff areas the person may open (Admin, Yard,
 * Walk-in), 'My bookings' and the avatar menu, and the narrow-screen menu's account links (the e-mail, the staff areas,
 * Dashboard, Profile, Sign Out).
 */
import { Link, useNavigate } from 'react-router-dom';
import { staffAreas } from '@shared/roles';
import { StaffAreaLink } from './StaffAreaLink';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSessionHint } from '../session-hint';
import { signOutAndGoHome } from '../sign-out-flow';
import UserMenu from './UserMenu';

/** 'My bookings' beside the avatar: the dashboard one tap away, named for what it holds. */
export default function AccountHeaderMenu() {
  const hint = useSessionHint();
  if (!hint) return null;
  return (
    <>
      {staffAreas(hint.groups).map((area) => (
        <StaffAreaLink key={area.to} area={area} className="header-bookings-link header-area-link" />
      ))}
      <Link to="/customer-dashboard" className="header-bookings-link">
        My bookings
      </Link>
      <UserMenu hint={hint} />
    </>
  );
}

export function AccountMenuItems() {
  const hint = useSessionHint();
  const navigate = useNavigate();
  const { toast } = useToast();
  if (!hint) return null;
  return (
    <>
      <li className="nav-mobile-account">{hint.email ?? 'Signed in'}</li>
      {staffAreas(hint.groups).map((area) => (
        <li key={area.to}>
          <StaffAreaLink area={area} />
        </li>
      ))}
      <li>
        <Link to="/customer-dashboard">Dashboard</Link>
      </li>
      <li>
        <Link to="/customer-dashboard?tab=profile">Profile</Link>
      </li>
      <li>
        <button type="button" className="nav-mobile-button" onClick={() => void signOutAndGoHome(navigate, toast)}>
          Sign Out
        </button>
      </li>
    </>
  );
}
