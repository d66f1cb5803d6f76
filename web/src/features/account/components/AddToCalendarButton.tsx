/** "Add to calendar" on a booking card: downloads the booking's .ics (drop-off and pick-up) with the account's token. */
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useToast } from '../../../ui/toast/ToastProvider';
import { downloadMyCalendar } from '../api/calendar';

export function AddToCalendarButton({ bookingId, label }: { bookingId: string; label: string }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadMyCalendar(bookingId);
      saveFile(file.blob, file.filename ?? 'parking.ics');
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Could not download the calendar file. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void download()} disabled={busy} aria-label={`Add booking ${label} to calendar`}>
      Add to calendar
    </button>
  );
}
