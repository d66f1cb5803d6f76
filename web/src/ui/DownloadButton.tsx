/**
 * A button that fetches a file from the API with the caller's token (so not a plain link: the token travels in a
 * header) and hands it to the browser as a download. A refusal shows the server's message in a toast.
 */
import { useState } from 'react';
import { type DownloadedFile, errorMessage } from '../lib/api-client';
import { saveFile } from '../lib/save-file';
import { useToast } from './toast/ToastProvider';

interface DownloadButtonProps {
  label: string;
  /** Names the booking for screen readers when several such buttons share a page. */
  ariaLabel?: string;
  fetchFile(): Promise<DownloadedFile>;
  /** Used when the server names no file. */
  filename: string;
  failedTitle: string;
}

export function DownloadButton({ label, ariaLabel, fetchFile, filename, failedTitle }: DownloadButtonProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.filename ?? filename);
    } catch (e) {
      toast({ title: failedTitle, description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void run()} disabled={busy} aria-label={ariaLabel} aria-busy={busy}>
      {busy ? 'Downloading...' : label}
    </button>
  );
}
