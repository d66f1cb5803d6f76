/** One damage claim as read back: where, what, its photos, and the decision with its reason once made. */
import { claimStatusLabels, type TravellerClaim } from '@shared/claims';
import { formatNzDateTime } from '../format';

export function ClaimCard({ claim, children }: { claim: TravellerClaim & { submitted_by?: string; decision: (TravellerClaim['decision'] & { decided_by?: string }) | null }; children?: React.ReactNode }) {
  return (
    <li className="claim-card" aria-label={`Damage report: ${claim.panel_label}`}>
      <p className="claim-head">
        <strong>{claim.panel_label}</strong> <span className={`claim-status claim-status-${claim.status}`}>{claimStatusLabels[claim.status]}</span>
      </p>
      <p className="claim-description">{claim.description}</p>
      <p className="muted claim-meta">
        Reported {formatNzDateTime(claim.submitted_at)}
        {claim.submitted_by ? ` by ${claim.submitted_by}` : ''}
      </p>
      {claim.photos.length > 0 && (
        <ul className="claim-photos" aria-label="Photos">
          {claim.photos.map((p, i) =>
            p.url ? (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.url} alt={`Photo ${i + 1} of the damage to the ${claim.panel_label.toLowerCase()}`} width={96} height={72} loading="lazy" />
                </a>
              </li>
            ) : null,
          )}
        </ul>
      )}
      {claim.decision && (
        <div className="claim-decision" role="note" aria-label="Decision">
          <p>
            <strong>{claimStatusLabels[claim.decision.outcome]}</strong> {formatNzDateTime(claim.decision.decided_at)}
            {claim.decision.decided_by ? ` by ${claim.decision.decided_by}` : ''}
          </p>
          <p>{claim.decision.reason}</p>
        </div>
      )}
      {children}
    </li>
  );
}
