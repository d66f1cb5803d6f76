/** /booking: the booking page, given what the accounts feature knows of a signed-in person (a lazily loaded route). */
import BookingPage from '../features/booking/pages/BookingPage';
import { loadReturningDetails } from './returning-details';

export default function BookingRoute() {
  return <BookingPage loadKnownDetails={loadReturningDetails} />;
}
