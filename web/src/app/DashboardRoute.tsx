/** /customer-dashboard: the account's dashboard, given the parts of other features it shows (a lazily loaded route). */
import { FeatureSlotsProvider } from '@/lib/feature-slots';
import CustomerDashboardPage from '../features/account/pages/CustomerDashboardPage';
import { DataProvider } from './DataProvider';
import { featureSlots } from './feature-slots';

export default function DashboardRoute() {
  return (
    <DataProvider>
      <FeatureSlotsProvider value={featureSlots}>
        <CustomerDashboardPage />
      </FeatureSlotsProvider>
    </DataProvider>
  );
}
