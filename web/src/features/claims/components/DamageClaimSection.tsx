/**
 * "Report damage" for the traveller, on the pass and the dashboard: their reports with the decisions, and, for 48
 * hours after they collect the car, the form (where on the car, what, photos). Outside those hours it says what
 * to do instead (contact us). The photos go through the page's own upload (the app gives it: the pass's or the
 * account's route to the presigned uploads and their completion check), then their ids go with the report. The
 * form makes its submission id when it opens, so a second press or a retry sends the same report once.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { claimMessages, MAX_CLAIM_PHOTOS, type TravellerClaims } from '@shared/claims';
import { PANEL_NAMES, PANELS, type Panel } from '@shared/condition';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { fetchClaims, submitClaim, type ClaimsEndpoint } from '../api/claims-api';
import { formatNzDateTime } from '../format';
import { ClaimCard } from './ClaimCard';
import '../claims.css';

/** Uploads one photo of the booking and answers its id once the completion check has passed. */
export type UploadClaimPhoto = (file: File) => Promise<string>;

export interface DamageClaimSectionProps {
  endpoint: ClaimsEndpoint;
  uploadPhoto: UploadClaimPhoto;
}

export function DamageClaimSection({ endpoint, uploadPhoto }: DamageClaimSectionProps) {
  const [data, setData] = useState<TravellerClaims | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchClaims(endpoint, abort.signal).then(setData, (e: unknown) => {
      if (!abort.signal.aborted) setLoadError(errorMessage(e, 'We could not load your damage reports. Please try again.'));
    });
    return () => abort.abort();
  }, [endpoint]);

  if (loadError) return <p className="alert alert-error" role="alert">{loadError}</p>;
  if (!data) return <p className="muted" role="status">Loading...</p>;
  const open = data.window.state === 'open';
  const full = data.claims.length >= data.max_claims;
  return (
    <div className="damage-claims">
      {data.claims.length > 0 && (
        <ul className="claim-list" aria-label="Your damage reports">
          {data.claims.map((c) => (
            <ClaimCard key={c.id} claim={c} />
          ))}
        </ul>
      )}
      {sent && (
        <p className="alert alert-success" role="status">
          {claimMessages.submitted}
        </p>
      )}
      {open && !full && !formOpen && (
        <>
          <p className="muted">You can report damage until {formatNzDateTime(data.window.closes_at!)}.</p>
          <button type="button" className="btn btn-outline btn-block" onClick={() => setFormOpen(true)}>
            Report damage
          </button>
        </>
      )}
      {open && !full && formOpen && (
        <ClaimForm
          endpoint={endpoint}
          uploadPhoto={uploadPhoto}
          onDone={(claim) => {
            setData({ ...data, claims: [...data.claims.filter((c) => c.id !== claim.id), claim] });
            setFormOpen(false);
            setSent(true);
          }}
          onCancel={() => setFormOpen(false)}
        />
      )}
      {open && full && <p className="alert alert-info">{claimMessages.tooManyClaims}</p>}
      {!open && data.window.message && <p className="alert alert-info">{data.window.message}</p>}
    </div>
  );
}

function ClaimForm({ endpoint, uploadPhoto, onDone, onCancel }: DamageClaimSectionProps & { onDone(claim: TravellerClaims['claims'][number]): void; onCancel(): void }) {
  const id = useId();
  const [submissionId] = useState(() => crypto.randomUUID());
  const [panel, setPanel] = useState<Panel | ''>('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  /** Photos already through the completion check, by file, so a retry does not upload them again. */
  const [uploaded, setUploaded] = useState<Map<File, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!panel) missing.panel = claimMessages.panelInvalid;
    if (!description.trim()) missing.description = claimMessages.descriptionNeeded;
    if (files.length > MAX_CLAIM_PHOTOS) missing.photos = claimMessages.tooManyPhotos;
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const ids = new Map(uploaded);
      for (const file of files) {
        if (!ids.has(file)) {
          ids.set(file, await uploadPhoto(file));
          setUploaded(new Map(ids));
        }
      }
      const claim = await submitClaim(endpoint, { submission_id: submissionId, panel: panel as Panel, description, photo_ids: files.map((f) => ids.get(f)!) });
      onDone(claim);
    } catch (err) {
      setError(errorMessage(err, 'We could not send your report. Please try again.'));
      if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="claim-form" onSubmit={(e) => void submit(e)} aria-label="Report damage" noValidate>
      <Field id={`${id}-panel`} label="Where is the damage?" error={fieldErrors.panel}>
        {(control) => (
          <select {...control} value={panel} onChange={(e) => setPanel(e.target.value as Panel)}>
            <option value="">Choose a part of the car</option>
            {PANEL_NAMES.map((p) => (
              <option key={p} value={p}>
                {PANELS[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-description`} label="What happened?" error={fieldErrors.description}>
        {(control) => <textarea {...control} value={description} maxLength={1000} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <Field id={`${id}-photos`} label={`Photos (optional, up to ${MAX_CLAIM_PHOTOS})`} error={fieldErrors.photos ?? Object.entries(fieldErrors).find(([k]) => k.startsWith('photo_ids'))?.[1]}>
        {(control) => <input {...control} type="file" accept="image/*" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />}
      </Field>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-accent btn-block" disabled={busy}>
        {busy ? 'Sending...' : 'Send damage report'}
      </button>
      <button type="button" className="btn btn-outline btn-block" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}
