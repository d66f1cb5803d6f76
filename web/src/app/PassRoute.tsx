/** /pass/<token>: the booking pass with the pickup feature's "I've landed" form in it (a lazily loaded route). */
import { LandedForm } from '../features/pickup/components/LandedForm';
import { passLandedEndpoint } from '../features/pickup/api/say-landed';
import PassPage from '../features/pass/pages/PassPage';

export default function PassRoute() {
  return <PassPage landed={(pass) => <LandedForm endpoint={passLandedEndpoint(pass.token)} returnFlight={pass.return_flight} />} />;
}
