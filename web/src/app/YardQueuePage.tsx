/**
 * /yard/queue: the pickup queue on its own, full width, for the driver's phone (staff and admins), behind the staff
 * door (StaffArea). Composed here because it joins two features: the account's session and the queue. The queue is a
 * query, so the page mounts the data layer's provider (DataProvider) as the other staff routes do.
 */
import { useDocumentMeta } from '@/lib/useDocumentMeta';
import { PickupQueuePanel } from '../features/pickup/components/PickupQueuePanel';
import { DataProvider } from './DataProvider';
import { StaffArea, YARD_GROUPS } from './StaffArea';

export default function YardQueuePage() {
  useDocumentMeta('Pickup Queue', 'Runway Parking pickup queue for yard staff.');
  return (
    <DataProvider>
      <StaffArea groups={YARD_GROUPS} next="/yard/queue" role="Staff">
        {() => (
          <section className="section yard-queue-page">
            <div className="container">
              <h1 className="page-title">Pickup Queue</h1>
              <PickupQueuePanel />
            </div>
          </section>
        )}
      </StaffArea>
    </DataProvider>
  );
}
