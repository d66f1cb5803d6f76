/**
 * /admin, /admin/day-sheet and /admin/walk-in: the admin pages behind the staff door (a lazily loaded route). The
 * walk-in form is open to staff too, as its API is; the dashboard and the day sheet are for admins.
 */
import { FeatureSlotsProvider } from '@/lib/slot-context';
import AdminPage, { type AdminView } from '../features/admin/pages/AdminPage';
import { DataProvider } from './DataProvider';
import { featureSlots } from './slot-fillers';
import { StaffArea, YARD_GROUPS } from './StaffArea';

const ADMINS = ['admin'] as const;

export default function AdminRoute({ view = 'dashboard' }: { view?: AdminView }) {
  const walkIn = view === 'walk-in';
  return (
    <DataProvider>
      <FeatureSlotsProvider value={featureSlots}>
        <StaffArea groups={walkIn ? YARD_GROUPS : ADMINS} next={walkIn ? '/admin/walk-in' : '/admin'}>
          {({ signOut, groups }) => <AdminPage view={view} onSignOut={signOut} isAdmin={groups.includes('admin')} />}
        </StaffArea>
      </FeatureSlotsProvider>
    </DataProvider>
  );
}
