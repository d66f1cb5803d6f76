/** The 3-step booking (docs/payments.md, Flow): select dates, enter personal details, confirm and pay. */
const STEPS = ['Select dates', 'Your details', 'Confirm and pay'] as const;

export function BookingSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="booking-steps" aria-label="Booking progress">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <li key={label} className={`booking-step ${state}`} aria-current={n === current ? 'step' : undefined}>
            <span className="booking-step-number" aria-hidden="true">
              {n < current ? '✓' : n}
            </span>
            <span>
              <span className="sr-only">{`Step ${n}${n < current ? ' (done)' : ''}: `}</span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
