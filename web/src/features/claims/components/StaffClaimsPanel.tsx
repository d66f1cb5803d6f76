/**
 * Staff's view of a booking's damage claims (docs/yard.md, Damage claims), on the yard screen and in the admin's
 * booking dialog: each claim beside both handover records (drop-off and collection: readings and marks) and what
 * changed between them, and, for an admin, the decision: accepted or declined, with the reason the traveller reads.
 * Staff read; the decision is the admins' (the route refuses anyone else).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { claimMessages, type ClaimOutcome, type StaffClaim } from '@shared/claims';
import { formatFuel, formatKm, markKindLabels, PANELS, type ConditionRecord, type ConditionView } from '@shared/condition';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { decideClaim, fetchStaffClaims, type StaffClaimsResponse } from '../api/claims-api';
import { ClaimCard } from './ClaimCard';
import '../claims.css';

export interface StaffClaimsPanelProps {
  bookingId: string;
  /** Whether the signed-in person may decide (admins). */
  canDecide: boolean;
}

export default function StaffClaimsPanel({ bookingId, canDecide }: StaffClaimsPanelProps) {
  const [data, setData] = useState<StaffClaimsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchStaffClaims(bookingId, signal).then(setData, (e: unknown) => {
        if (!signal?.aborted) setError(errorMessage(e, 'Could not load the damage claims.'));
      }),
    [bookingId],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  if (error) return <p className="alert alert-error" role="alert">{error}</p>;
  if (!data) return <p className="muted" role="status">Loading damage claims...</p>;
  if (data.claims.length === 0) return <p className="muted">No damage claims.</p>;
  return (
    <div className="staff-claims">
      <HandoverBeside condition={data.condition} />
      <ul className="claim-list" aria-label="Damage claims">
        {data.claims.map((c) => (
          <ClaimCard key={c.id} claim={c}>
            {c.status === 'open' && (canDecide ? <DecisionForm bookingId={bookingId} claim={c} onDecided={() => void load()} /> : <p className="muted">An admin decides this claim.</p>)}
          </ClaimCard>
        ))}
      </ul>
    </div>
  );
}

function recordLine(r: ConditionRecord | null): string {
  if (!r) return 'Not recorded';
  return `${formatKm(r.odometer_km)}, fuel ${formatFuel(r.fuel)}, ${r.marks.length === 0 ? 'no marks' : r.marks.map((m) => `${markKindLabels[m.kind]} on ${PANELS[m.panel].toLowerCase()}`).join('; ')}`;
}

/** Both handover records and their differences, so the claim is judged against what was written at the time. */
function HandoverBeside({ condition }: { condition: ConditionView }) {
  const c = condition.comparison;
  return (
    <section className="claim-compare" aria-label="Handover records">
      <h4>Handover records</h4>
      <p>
        <strong>Drop-off:</strong> {recordLine(condition.drop_off)}
      </p>
      <p>
        <strong>Collection:</strong> {recordLine(condition.collection)}
      </p>
      {c && (
        <p>
          <strong>Since drop-off:</strong> {formatKm(c.distance_km)} driven ({formatKm(c.beyond_yard_km)} beyond the yard's moves);{' '}
          {c.new_marks.length === 0 ? 'no new marks' : `new: ${c.new_marks.map((m) => `${markKindLabels[m.kind]} on ${PANELS[m.panel].toLowerCase()}`).join('; ')}`}
        </p>
      )}
    </section>
  );
}

function DecisionForm({ bookingId, claim, onDecided }: { bookingId: string; claim: StaffClaim; onDecided(): void }) {
  const id = useId();
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit() {
    const missing: Record<string, string> = {};
    if (!outcome) missing.outcome = claimMessages.outcomeInvalid;
    if (!reason.trim()) missing.reason = claimMessages.reasonNeeded;
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await decideClaim(bookingId, claim.id, { outcome: outcome!, reason, version: claim.version });
      onDecided();
    } catch (err) {
      setError(errorMessage(err, 'Could not record the decision. Please try again.'));
      if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
      setBusy(false);
    }
  }

  return (
    // No <form>: the panel sits inside the admin's booking form, and a form may not hold another.
    <div className="claim-decide" role="group" aria-label={`Decide the claim on the ${claim.panel_label.toLowerCase()}`}>
      <fieldset aria-describedby={fieldErrors.outcome ? `${id}-outcome-error` : undefined}>
        <legend>Decision</legend>
        {(['accepted', 'declined'] as const).map((o) => (
          <label key={o}>
            <input type="radio" name={`${id}-outcome`} value={o} checked={outcome === o} onChange={() => setOutcome(o)} /> {o === 'accepted' ? 'Accept' : 'Decline'}
          </label>
        ))}
      </fieldset>
      {fieldErrors.outcome && (
        <p id={`${id}-outcome-error`} className="field-error">
          {fieldErrors.outcome}
        </p>
      )}
      <Field id={`${id}-reason`} label="Reason (the traveller reads it)" error={fieldErrors.reason}>
        {(control) => <textarea {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>
        {busy ? 'Saving...' : 'Record decision'}
      </button>
    </div>
  );
}
