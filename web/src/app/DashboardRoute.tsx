/** /customer-dashboard: the account's dashboard, given the parts of other features it shows (a lazily loaded route). */
import { useEffect } from 'react';
import { FeatureSlotsProvider } from '@/lib/slot-context';
import CustomerDashboardPage from '../features/account/pages/CustomerDashboardPage';
import { DataProvider } from './DataProvider';
import { featureSlots } from './slot-fillers';

export default function DashboardRoute() {
  // View pass leads to the pass page: its chunk is fetched once the dashboard is up, so pressing it waits only for
  // the pass's own reads (the route table's lazy import then finds the module loaded).
  useEffect(() => {
    const idle = window.setTimeout(() => void import('./PassRoute').catch(() => undefined), 500);
    return () => window.clearTimeout(idle);
  }, []);
  return (
    <DataProvider>
      <FeatureSlotsProvider value={featureSlots}>
        <CustomerDashboardPage />
      </FeatureSlotsProvider>
    </DataProvider>
  );
}
