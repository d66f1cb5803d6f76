/** Domestic or international, as two large radio buttons in a labelled group. */
import { terminalLabels, terminals, type Terminal } from '@shared/pickups';

export function TerminalChoice({ name, value, onChange, error }: { name: string; value: Terminal | null; onChange(t: Terminal): void; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="pickup-terminals" aria-describedby={error ? errorId : undefined}>
      <legend>Which terminal?</legend>
      {terminals.map((t) => (
        <label key={t} className={`pickup-terminal${value === t ? ' is-chosen' : ''}`}>
          <input type="radio" name={name} value={t} checked={value === t} onChange={() => onChange(t)} />
          {terminalLabels[t]}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
