/** 'Pay balance' on a booking with money due: opens a checkout for the balance and goes to the hosted payment page. */
import { useState } from 'react';
import type { CustomerBooking } from '@shared/customer-bookings';
import { balanceCheckoutMessages } from '@shared/balance-checkout';
import { formatDollars } from '@shared/money';
import { errorMessage } from '../../../lib/api-client';
import { startBalanceCheckout } from '../api/balance-checkout';

export function PayBalanceButton({ booking }: { booking: CustomerBooking }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const pay = () => {
    setState({ busy: true, error: null });
    startBalanceCheckout(booking.id)
      .then(({ url }) => window.location.assign(url))
      .catch((e: unknown) => setState({ busy: false, error: errorMessage(e, balanceCheckoutMessages.failed) }));
  };
  return (
    <div className="my-booking-pay">
      <button type="button" className="btn btn-accent btn-sm" onClick={pay} disabled={state.busy} aria-label={`Pay balance of ${formatDollars(booking.balance_due)} for booking ${booking.booking_reference}`}>
        {state.busy ? 'Opening payment...' : `Pay balance ${formatDollars(booking.balance_due)}`}
      </button>
      {state.error && (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
