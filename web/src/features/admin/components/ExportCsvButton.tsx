/**
 * Export CSV: the list as it stands (tab, search, filters, sort; every page) downloaded as a file. The request
 * carries the staff token in its header (api client), so the file is fetched, then saved from memory.
 */
import { useState } from 'react';
import { exportMessages, isExportCut } from '@shared/bookings-export';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { exportBookingsCsv } from '../api/export-bookings';
import { toQuery, type ListState } from '../list-params';
import { saveFile } from '../../../lib/save-file';

export function ExportCsvButton({ state }: { state: ListState }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await exportBookingsCsv(toQuery(state));
      saveFile(file.blob, file.filename ?? 'bookings.csv');
      const cut = file.headers.get('x-truncated');
      if (isExportCut(cut)) toast({ title: 'Export cut short', description: exportMessages[cut] });
      else toast({ title: 'Export ready', description: exportMessages.exported(Number(file.headers.get('x-row-count') ?? 0)), variant: 'success' });
    } catch (e) {
      const detail = e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : undefined;
      toast({ title: exportMessages.failed, description: detail, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}
