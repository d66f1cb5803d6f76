/** /admin and /admin/day-sheet: the admin pages behind the staff door (a lazily loaded route). */
import { FeatureSlotsProvider } from '@/lib/feature-slots';
import AdminPage from '../features/admin/pages/AdminPage';
import { featureSlots } from './feature-slots';
import { StaffArea } from './StaffArea';

const ADMINS = ['admin'] as const;

export default function AdminRoute({ view = 'dashboard' }: { view?: 'dashboard' | 'day-sheet' }) {
  return (
    <FeatureSlotsProvider value={featureSlots}>
      <StaffArea groups={ADMINS} next="/admin">
        {(signOut) => <AdminPage view={view} onSignOut={signOut} />}
      </StaffArea>
    </FeatureSlotsProvider>
  );
}
