/** The pickup feature's "I've landed" form for a pass, by its token: its own chunk, loaded only on the return day. */
import type { Pass } from '@shared/pass';
import { LandedForm } from '../features/pickup/components/LandedForm';
import { passLandedEndpoint } from '../features/pickup/api/say-landed';

export default function PassLanded({ pass }: { pass: Pass }) {
  return <LandedForm endpoint={passLandedEndpoint(pass.token)} returnFlight={pass.return_flight} />;
}
