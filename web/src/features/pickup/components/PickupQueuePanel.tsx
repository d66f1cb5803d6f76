/**
 * The yard's pickup queue, for the driver's phone: travellers waiting at the terminals, newest
 * last, each with a large "Picked up" button; the cars to bring forward for those on the shuttle; and a form for a
 * traveller who phoned. It polls (use-pickup-queue.ts), so a landing shows within seconds without a reload.
 */
import { useState } from 'react';
import { formatLongDate } from '@shared/format';
import { terminalLabels, type PickupEntry } from '@shared/pickups';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { markPickedUp } from '../api/mark-picked-up';
import { nzClock, passengersText } from '../format';
import { usePickupQueue } from '../use-pickup-queue';
import { AddPickupForm } from './AddPickupForm';
import '../pickup.css';

function Waiting({ entry, onPickedUp }: { entry: PickupEntry; onPickedUp(): void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pickUp() {
    setBusy(true);
    setError(null);
    try {
      await markPickedUp(entry.booking_id);
      toast({ title: 'Picked up', description: `Bring forward ${entry.vehicle ?? entry.reference}${entry.bay ? ` from bay ${entry.bay}` : ''}.`, variant: 'success' });
      onPickedUp();
    } catch (err) {
      setError(errorMessage(err, 'That did not save. Please try again.'));
      setBusy(false);
    }
  }
  return (
    <li className="pickup-card" data-testid="pickup-waiting">
      <div className="pickup-card-head">
        <span className={`pickup-terminal-badge is-${entry.terminal}`}>{terminalLabels[entry.terminal]}</span>
        <span className="muted">Landed {nzClock(entry.landed_at)}</span>
      </div>
      <p className="pickup-kerb" data-testid="pickup-kerb">
        At the kerb {nzClock(entry.expected_kerb_at)}
      </p>
      <p className="pickup-name">
        {entry.name} <span className="muted">{entry.reference}</span>
      </p>
      <p>
        {passengersText(entry.passengers)}
        {entry.flight ? ` · ${entry.flight}` : ''} · <a href={`tel:${entry.contact_number.replace(/[^\d+]/g, '')}`}>{entry.contact_number}</a>
      </p>
      <p className="muted">
        {entry.vehicle ?? 'No registration'}
        {entry.bay ? ` · bay ${entry.bay}` : ''}
        {entry.added_by === 'staff' ? ' · phoned in' : ''}
        {entry.added_by === 'flight' ? ' · flight landed' : ''}
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-accent btn-block pickup-big" disabled={busy} onClick={() => void pickUp()} aria-label={`Picked up ${entry.name}, ${entry.reference}`}>
        {busy ? 'Saving...' : 'Picked up'}
      </button>
    </li>
  );
}

function BringForward({ entry }: { entry: PickupEntry }) {
  return (
    <li className="pickup-card is-forward" data-testid="pickup-forward">
      <p className="pickup-name">
        {entry.vehicle ?? 'No registration'} {entry.bay ? <span className="pickup-bay">Bay {entry.bay}</span> : <span className="muted">no bay</span>}
      </p>
      <p>
        {entry.name} <span className="muted">{entry.reference}</span>
      </p>
      <p className="muted">
        Picked up {entry.picked_up_at ? nzClock(entry.picked_up_at) : ''} at {terminalLabels[entry.terminal].toLowerCase()} · {passengersText(entry.passengers)}
      </p>
    </li>
  );
}

export function PickupQueuePanel() {
  const { queue, error, refresh } = usePickupQueue();
  const waiting = queue?.entries.filter((e) => e.state === 'waiting') ?? [];
  const forward = queue?.entries.filter((e) => e.state === 'picked_up') ?? [];
  return (
    <div className="pickup-panel" aria-busy={queue === null && !error ? true : undefined}>
      {queue && <p className="muted">{formatLongDate(queue.date)}</p>}
      {error && (
        <p className="alert alert-warning" role="alert">
          {error} Showing the last queue loaded; trying again in a few seconds.
        </p>
      )}
      <section aria-labelledby="pickup-waiting-title">
        <h2 id="pickup-waiting-title" className="pickup-heading">
          Waiting for the shuttle <span className="pickup-count">{waiting.length}</span>
        </h2>
        {queue && waiting.length === 0 && <p className="muted">Nobody is waiting.</p>}
        <ol className="pickup-list">
          {waiting.map((e) => (
            <Waiting key={e.booking_id} entry={e} onPickedUp={refresh} />
          ))}
        </ol>
      </section>
      <section aria-labelledby="pickup-forward-title">
        <h2 id="pickup-forward-title" className="pickup-heading">
          Bring forward <span className="pickup-count">{forward.length}</span>
        </h2>
        {queue && forward.length === 0 && <p className="muted">No cars to bring forward.</p>}
        <ul className="pickup-list">
          {forward.map((e) => (
            <BringForward key={e.booking_id} entry={e} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="pickup-add-title">
        <h2 id="pickup-add-title" className="pickup-heading">
          Add a traveller who phoned
        </h2>
        <AddPickupForm onAdded={refresh} />
      </section>
    </div>
  );
}
