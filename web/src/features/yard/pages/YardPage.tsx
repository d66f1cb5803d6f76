/**
 * /yard, the yard's phone screen (docs/yard.md): 390 px wide is the design width, big targets, one hand.
 * Staff and admins only: the app shell's staff door (app/StaffArea.tsx) checks the group before this renders, and the
 * API checks it again on every call. Scan a pass or find
 * a booking, then check it in or out; today's arrivals and departures below, the next two hours first.
 * The pickup queue is another feature's panel, composed in by the app (`pickupQueue`), as are the photos.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { nzNow } from '@shared/nz-time';
import type { YardBooking } from '@shared/yard';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useToast } from '../../../ui/toast/ToastProvider';
import { fetchYardBooking, scanPass } from '../api/yard-api';
import { ScanPass } from '../components/ScanPass';
import type { UploadImage } from '../components/ConditionPanel';
import { YardBookingPanel, type ClaimsPanelProps, type PhotosPanelProps } from '../components/YardBookingPanel';
import { YardDay } from '../components/YardDay';
import { YardSearch } from '../components/YardSearch';
import { useYardChanged, useYardDaySheet } from '../queries/day-sheet';
import '../yard.css';
import { useClock } from '@/lib/use-clock';

export interface YardPageProps {
  /** The pickup queue's panel, shown in its own section near the top. */
  pickupQueue?: ReactNode;
  /** The vehicle photos panel, for photos at check-in and check-out. */
  PhotosPanel?: ComponentType<PhotosPanelProps>;
  /** Uploads a handover photo or signature through the photo uploads (composed by the app). */
  uploadImage?: UploadImage;
  /** The claims feature's damage claims for a collected car (the app composes it, with whether the person may decide). */
  ClaimsPanel?: ComponentType<ClaimsPanelProps>;
}

export default function YardPage({ pickupQueue, PhotosPanel, uploadImage, ClaimsPanel }: YardPageProps) {
  const { toast } = useToast();
  const now = useClock();
  const day = useYardDaySheet(nzNow(now()).date);
  const sheet = day.data ?? null;
  const dayChanged = useYardChanged();
  const [open, setOpen] = useState<YardBooking | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentMeta('Yard', 'Runway Parking yard screen.');

  useEffect(() => {
    if (day.error) toast({ title: 'Error', description: errorMessage(day.error, 'Failed to load the day sheet'), variant: 'destructive' });
  }, [day.error, toast]);

  const show = async (load: () => Promise<YardBooking>) => {
    setBusy(true);
    try {
      setOpen(await load());
      window.scrollTo({ top: 0 });
    } catch (e) {
      toast({ title: 'Not found', description: errorMessage(e, 'Failed to load the booking'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const changed = (v: YardBooking) => {
    setOpen(v);
    dayChanged();
  };

  return (
    <section className="section yard-page">
      <div className="container yard-container">
        <h1 className="page-title">Yard</h1>
        {open ? (
          <YardBookingPanel view={open} onChange={changed} onClose={() => setOpen(null)} {...(PhotosPanel ? { PhotosPanel } : {})} {...(uploadImage ? { uploadImage } : {})} {...(ClaimsPanel ? { ClaimsPanel } : {})} />
        ) : (
          <ScanPass busy={busy} onCode={(code) => void show(() => scanPass(code))} />
        )}
        {pickupQueue && (
          <section className="yard-card yard-queue" aria-label="Pickup queue">
            {pickupQueue}
          </section>
        )}
        <YardSearch onOpen={(id) => void show(() => fetchYardBooking(id))} />
        {sheet ? <YardDay sheet={sheet} nowTime={nzNow(now()).time} onOpen={(id) => void show(() => fetchYardBooking(id))} /> : <p className="muted">Loading today...</p>}
      </div>
    </section>
  );
}
