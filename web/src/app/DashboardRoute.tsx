/** /customer-dashboard: the account's dashboard, given the parts of other features it shows (a lazily loaded route). */
import { FeatureSlotsProvider } from '@/lib/slot-context';
import CustomerDashboardPage from '../features/account/pages/CustomerDashboardPage';
import { DataProvider } from './DataProvider';
import { featureSlots } from './slot-fillers';

export default function DashboardRoute() {
  return (
    <DataProvider>
      <FeatureSlotsProvider value={featureSlots}>
        <CustomerDashboardPage />
      </FeatureSlotsProvider>
    </DataProvider>
  );
}
