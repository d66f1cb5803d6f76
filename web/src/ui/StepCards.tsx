/**
 * A numbered list of steps, each a card with its title and text. The drawn number is hidden from screen
 * readers; `spokenNumbers` adds 'Step n:' to each title for them where the list is the page's subject.
 */
export interface Step {
  title: string;
  text: string;
}

interface StepCardsProps {
  steps: readonly Step[];
  listClassName: string;
  itemClassName: string;
  spokenNumbers?: boolean;
}

export function StepCards({ steps, listClassName, itemClassName, spokenNumbers = false }: StepCardsProps) {
  return (
    <ol className={listClassName}>
      {steps.map((step, i) => (
        <li key={step.title} className={`card ${itemClassName}`}>
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <h3>
            {spokenNumbers && <span className="sr-only">Step {i + 1}: </span>}
            {step.title}
          </h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
