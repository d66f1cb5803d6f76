/**
 * The vehicle photos panel (docs/photos.md, The panel; docs/product-rules.md, Photos): drag-and-drop or choose files
 * (images only, several at once), a type and an optional description per photo, previews, a progress bar
 * per file, Upload, and 'View Existing Photos'. Used inside the customer's booking edit dialog and, wrapped
 * in VehiclePhotosDialog, from the admin dashboard. It renders no <form>: it sits inside the edit form.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { DEFAULT_PHOTO_UPLOAD_TYPE, formatPhotoCount, MAX_PHOTOS_PER_BOOKING, photoMessages } from '@shared/photos';
import { useToast } from '../../../ui/toast/ToastProvider';
import { selectionProblem } from '../prepare-photo';
import { eachLimited, uploadErrorMessage, uploadPhoto } from '../upload-photo';
import { ExistingPhotosDialog } from './ExistingPhotosDialog';
import { PhotoChoiceItem, type ChosenPhoto } from './PhotoChoiceItem';
import '../photos.css';

export interface VehiclePhotosPanelProps {
  bookingId: string;
  bookingReference?: string | null;
}

let nextKey = 0;

export default function VehiclePhotosPanel({ bookingId, bookingReference }: VehiclePhotosPanelProps) {
  const { toast } = useToast();
  const headingId = useId();
  const inputId = useId();
  const [chosen, setChosen] = useState<ChosenPhoto[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [uploadedCount, setUploadedCount] = useState(0);
  const previews = useRef(new Set<string>());

  // Previews are object URLs: free them when the panel goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const add = (files: readonly File[]) => {
    const problems: string[] = [];
    const fresh: ChosenPhoto[] = [];
    for (const file of files) {
      const problem = selectionProblem(file);
      if (problem) {
        problems.push(`${file.name}: ${problem}`);
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      fresh.push({ key: String(nextKey++), file, previewUrl, uploadType: DEFAULT_PHOTO_UPLOAD_TYPE, description: '', progress: null, status: 'ready', error: null });
    }
    setRefused(problems);
    setChosen((all) => [...all, ...fresh]);
  };

  const update = (key: string, change: Partial<ChosenPhoto>) => setChosen((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const remove = (key: string) =>
    setChosen((all) => {
      const gone = all.find((p) => p.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.previewUrl);
        previews.current.delete(gone.previewUrl);
      }
      return all.filter((p) => p.key !== key);
    });

  const upload = async () => {
    if (chosen.length === 0) {
      toast({ title: photoMessages.noneSelectedTitle, description: photoMessages.noneSelected, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setRefused([]);
    const done: string[] = [];
    const failures: string[] = [];
    await eachLimited(chosen, 2, async (photo) => {
      update(photo.key, { status: 'uploading', progress: 0, error: null });
      try {
        await uploadPhoto(bookingId, photo, (progress) => update(photo.key, { progress }));
        done.push(photo.key);
      } catch (error) {
        const message = uploadErrorMessage(error);
        failures.push(message);
        update(photo.key, { status: 'failed', progress: null, error: message });
      }
    });
    done.forEach(remove);
    setBusy(false);
    if (done.length) {
      setUploadedCount((n) => n + done.length);
      toast({ title: photoMessages.uploadedTitle, description: formatPhotoCount(done.length), variant: 'success' });
    }
    if (failures.length) {
      // One refusal: its reason. Several: the general text; each file shows its own reason.
      toast({ title: photoMessages.failedTitle, description: failures.length === 1 ? failures[0] : photoMessages.failed, variant: 'destructive' });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) add([...e.dataTransfer.files]);
  };

  return (
    <section className="photos-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="photos-panel-title">
        Vehicle photos
      </h3>
      <div
        className={`photo-drop${dragging ? ' photo-drop-active' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="muted small">Drag photos here, or</p>
        <input
          id={inputId}
          className="sr-only photo-file-input"
          type="file"
          accept="image/*,.heic,.heif"
          multiple
          disabled={busy}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="btn btn-outline btn-sm photo-choose">
          Choose photos
        </label>
        <p className="muted small">JPEG, PNG, WebP or HEIC, up to 10 MB each (larger JPEGs are resized); at most {MAX_PHOTOS_PER_BOOKING} per booking.</p>
      </div>
      {refused.length > 0 && (
        <div className="alert alert-error" role="alert">
          {refused.map((r) => (
            <p key={r} className="alert-detail">
              {r}
            </p>
          ))}
        </div>
      )}
      {chosen.length > 0 && (
        <ul className="photo-choices" aria-label="Photos to upload">
          {chosen.map((p) => (
            <PhotoChoiceItem key={p.key} photo={p} busy={busy} onChange={(change) => update(p.key, change)} onRemove={() => remove(p.key)} />
          ))}
        </ul>
      )}
      <div className="photos-actions">
        <button type="button" className="btn btn-accent btn-sm" disabled={busy} onClick={() => void upload()}>
          {busy ? 'Uploading...' : chosen.length > 1 ? `Upload ${chosen.length} Photos` : 'Upload Photos'}
        </button>
        <ExistingPhotosDialog bookingId={bookingId} bookingReference={bookingReference} refreshKey={uploadedCount} />
      </div>
    </section>
  );
}
