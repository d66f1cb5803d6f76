/**
 * A link to a staff area the signed-in person may open (shared/roles.ts `staffAreas`): within the app, or as a page
 * load where the page's Permissions-Policy changes (the yard's pages may use the camera: lib/document-navigation.ts).
 */
import { Link, useLocation } from 'react-router-dom';
import type { StaffAreaLink as Area } from '@shared/roles';
import { needsDocumentLoad } from '../../../lib/document-navigation';

export function StaffAreaLink({ area, className }: { area: Area; className?: string }) {
  const { pathname } = useLocation();
  return needsDocumentLoad(area.to, pathname) ? (
    <a href={area.to} className={className}>
      {area.label}
    </a>
  ) : (
    <Link to={area.to} className={className}>
      {area.label}
    </Link>
  );
}
