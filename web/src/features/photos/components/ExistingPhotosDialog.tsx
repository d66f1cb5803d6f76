/**
 * 'View Existing Photos' (docs/photos.md, The panel): a dialog with the booking's photos as a grid, newest
 * first, and a larger view of one with its type, description, size, who uploaded it and when. Keyboard: Tab
 * through the grid, Enter opens a photo, Left/Right move between photos, 'Back to all photos' returns focus
 * to the photo it opened; Escape closes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { photoMessages, photoUploadTypeLabels, type VehiclePhoto } from '@shared/photos';
import { ApiError } from '../../../lib/api-client';
import { fetchBookingPhotos } from '../api/list-photos';
import { formatBytes } from '../prepare-photo';
import '@/ui/dialog.css';

type Loaded = { state: 'loading' } | { state: 'ready'; photos: VehiclePhoto[] } | { state: 'failed'; message: string };

const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Auckland' });

export const photoTakenAt = (p: VehiclePhoto) => when.format(new Date(p.createdAt));
const uploader = (p: VehiclePhoto) => (p.uploadedBy.you ? 'you' : p.uploadedBy.role === 'admin' ? 'staff' : 'the customer');
const altOf = (p: VehiclePhoto) => `${photoUploadTypeLabels[p.uploadType]} photo${p.description ? `: ${p.description}` : ''}`;

interface Props {
  bookingId: string;
  bookingReference?: string | null;
  /** Changes after each upload, so an open or re-opened dialog shows the new photos. */
  refreshKey: number;
}

export function ExistingPhotosDialog({ bookingId, bookingReference, refreshKey }: Props) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const back = useRef<HTMLButtonElement | null>(null);
  const returnTo = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    setLoaded({ state: 'loading' });
    fetchBookingPhotos(bookingId, ctrl.signal)
      .then((r) => setLoaded({ state: 'ready', photos: r.photos }))
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        setLoaded({ state: 'failed', message: e instanceof ApiError && e.status === 404 ? e.message : photoMessages.loadFailed });
      });
    return () => ctrl.abort();
  }, [open, bookingId, refreshKey, attempt]);

  // Focus follows the view: the larger view's Back button, or the thumbnail the larger view came from.
  useEffect(() => {
    if (selected !== null) back.current?.focus();
    else if (returnTo.current !== null) thumbs.current[returnTo.current]?.focus();
  }, [selected]);

  const photos = loaded.state === 'ready' ? loaded.photos : [];
  const current = selected !== null ? photos[selected] : undefined;

  const show = (i: number) => {
    returnTo.current = i;
    setSelected(i);
  };
  const step = (by: number) => setSelected((i) => (i === null || photos.length === 0 ? i : (i + by + photos.length) % photos.length));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setSelected(null);
        returnTo.current = null;
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline btn-sm">
          View Existing Photos
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog photos-dialog" aria-describedby="existing-photos-summary">
          <Dialog.Title className="dialog-title">Existing photos{bookingReference ? ` for ${bookingReference}` : ''}</Dialog.Title>
          <p id="existing-photos-summary" className="muted small" aria-live="polite">
            {loaded.state === 'loading' ? 'Loading photos...' : loaded.state === 'failed' ? loaded.message : `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}, newest first`}
          </p>
          {loaded.state === 'failed' && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          )}
          {loaded.state === 'ready' && photos.length === 0 && <p>No photos have been uploaded for this booking yet.</p>}
          {current ? (
            <div className="photo-large" onKeyDown={onKey}>
              <div className="photo-large-nav">
                <button ref={back} type="button" className="btn btn-outline btn-sm" onClick={() => setSelected(null)}>
                  Back to all photos
                </button>
                {photos.length > 1 && (
                  <span>
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => step(-1)}>
                      Previous photo
                    </button>{' '}
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => step(1)}>
                      Next photo
                    </button>
                  </span>
                )}
              </div>
              <figure className="photo-large-figure">
                <img src={current.url} alt={altOf(current)} />
                <figcaption>
                  <p>
                    <strong>{photoUploadTypeLabels[current.uploadType]}</strong> · photo {selected! + 1} of {photos.length}
                  </p>
                  {current.description && <p>{current.description}</p>}
                  <p className="muted small">
                    {current.fileName}, {formatBytes(current.size)}. Uploaded by {uploader(current)} on {photoTakenAt(current)}.
                  </p>
                </figcaption>
              </figure>
            </div>
          ) : (
            photos.length > 0 && (
              <ul className="photo-grid" aria-label="Photos">
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <button
                      ref={(el) => {
                        thumbs.current[i] = el;
                      }}
                      type="button"
                      className="photo-thumb"
                      onClick={() => show(i)}
                      aria-label={`Open ${altOf(p)}, uploaded ${photoTakenAt(p)}`}
                    >
                      <img src={p.url} alt="" loading="lazy" />
                    </button>
                    <p className="small photo-thumb-caption">
                      {photoUploadTypeLabels[p.uploadType]}
                      <span className="muted"> · {photoTakenAt(p)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )
          )}
          <div className="form-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-outline">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
