/**
 * The Services page's services (shared/add-ons.ts) as checkboxes, beside a form's car wash: each named with its
 * price from the price list. Shared by the quote card and the booking dialogs, so every form offers the same
 * services at the same prices; `short` prints whole dollars as the admin forms do ("+$250").
 */
import { ADD_ONS, type ServiceId } from '@shared/add-ons';
import { formatMoney, formatMoneyShort } from '@shared/money';

export type ServiceChoiceValue = Partial<Record<ServiceId, boolean>>;

interface ServiceChoicesProps {
  value: ServiceChoiceValue;
  onChange(next: ServiceChoiceValue, changed: ServiceId): void;
  short?: boolean;
  /** Show each chosen service's description under it (the customer forms). */
  describe?: boolean;
  legend?: string;
}

export const SERVICE_ADD_ONS = ADD_ONS.filter((a): a is (typeof ADD_ONS)[number] & { id: ServiceId } => a.id !== 'carWash');

export function ServiceChoices({ value, onChange, short = false, describe = false, legend = 'Car services while you fly' }: ServiceChoicesProps) {
  return (
    <fieldset className="service-choices">
      <legend>{legend}</legend>
      {SERVICE_ADD_ONS.map((s) => (
        <div key={s.id}>
          <label className="checkbox">
            <input type="checkbox" name={s.field} checked={value[s.id] === true} onChange={(e) => onChange({ ...value, [s.id]: e.target.checked }, s.id)} />
            <span>
              {s.name} (+{short ? formatMoneyShort(s.cents) : formatMoney(s.cents)})
            </span>
          </label>
          {describe && value[s.id] === true && <p className="muted small">{s.description}</p>}
        </div>
      ))}
    </fieldset>
  );
}
