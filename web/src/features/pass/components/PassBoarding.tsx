/**
 * When and where, beside the QR code as a boarding pass puts them: the moment the traveller next meets the yard (the
 * drop-off; the pick-up once the car is with us) and the yard's address, on the pass's first phone screen. The
 * skeleton shows the same block with a grey bar for the time, so nothing moves when the pass loads.
 */
import { formatLongDate, formatTime12 } from '@shared/format';
import type { Pass } from '@shared/pass';
import { site } from '@shared/site';
import { Bar } from './PassRows';

export function PassBoarding({ pass }: { pass: Pass | null }) {
  const pickUp = pass?.status === 'checkin';
  const at = pass ? (pickUp ? pass.pick_up : pass.drop_off) : null;
  return (
    // Only the loaded pass carries the test id: a reader waiting for it waits for the real values, not the skeleton's.
    <dl className="pass-boarding" data-testid={pass ? 'pass-boarding' : undefined}>
      <div>
        <dt>{pickUp ? 'Pick-up' : 'Drop-off'}</dt>
        <dd aria-hidden={at ? undefined : 'true'}>
          {at ? (
            <>
              <span>{formatLongDate(at.date)}</span> <span>{formatTime12(at.time)}</span>
            </>
          ) : (
            <>
              <Bar width="7rem" /> <Bar width="4rem" />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>
          <span>{site.address.street}</span> <span>{site.address.locality}, {site.address.city}</span>
        </dd>
      </div>
    </dl>
  );
}
